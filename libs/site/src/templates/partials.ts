/**
 * Pieces every page uses. An agent is always linked by id and named by text; an avatar is an
 * image only when `person()` found an http(s) URL, and it never sends a Referer to its host.
 */
export const PARTIALS: Record<string, string> = {
  person: `<a class="person" href="{{href}}">{{#if avatar}}<img class="avatar" src="{{avatar}}" alt="" width="24" height="24" loading="lazy" referrerpolicy="no-referrer">{{/if}}<span>{{name}}</span></a>`,
  couple: `{{#each this}}{{#if @index}} &amp; {{/if}}{{> person}}{{/each}}`,
  feedLine: `<li class="feed-item" data-position="{{position}}"><span class="who">{{#each agents}}{{#if @index}} and {{/if}}<a href="{{href}}">{{name}}</a>{{/each}}</span> {{verb}}{{#if quote}}: <q>{{quote}}</q>{{/if}}{{#if link}} · <a href="{{link.href}}">{{link.label}}</a>{{/if}} <span class="muted">{{time at}}</span></li>`,
  barChart: `<svg class="chart" viewBox="0 0 {{width}} {{height}}" width="{{width}}" height="{{height}}" role="img" aria-label="{{label}}">{{#each bars}}<text x="0" y="{{textY}}" class="label">{{label}}</text><rect x="{{../labelWidth}}" y="{{y}}" width="150" height="16" class="track"/><rect x="{{../labelWidth}}" y="{{y}}" width="{{width}}" height="16" class="bar"/><text x="{{../valueX}}" y="{{textY}}" class="value">{{valueText}}</text>{{/each}}</svg>`,
  rounds: `{{#each rounds}}<section class="round{{#if current}} current{{/if}}"><h2>Round {{step}}</h2><p class="prompt">{{prompt}}</p>{{#each contributions}}<figure class="contribution"><figcaption>{{#if by}}{{> person by}}{{else}}A former participant{{/if}} <span class="muted">{{time createdAt}}</span></figcaption><blockquote>{{content}}</blockquote></figure>{{else}}<p class="muted">No contribution yet.</p>{{/each}}</section>{{/each}}`,
};
