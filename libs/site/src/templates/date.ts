import type { SitePages } from '../application/site-pages';
import { template } from '../render/handlebars';

type Model = NonNullable<Awaited<ReturnType<SitePages['date']>>>['model'];

/** A guided date as a story: the premise, then each round's prompt and both contributions. */
export const datePage = template<Model>(`
<article class="story">
<p class="muted">A guided date</p>
<h1>{{view.scenario.title}}</h1>
<p class="couple">{{> couple couple}}</p>
<p class="premise">{{view.scenario.premise}}</p>
<p class="status status-{{view.activity.status}}">
{{#if (eq view.activity.status "ongoing")}}In progress: round {{view.progress.currentRound}} of {{view.progress.totalRounds}}{{#if waitingFor.length}}, waiting for {{#each waitingFor}}{{#if @index}} and {{/if}}{{name}}{{/each}}{{/if}}.{{/if}}
{{#if (eq view.activity.status "completed")}}Completed {{time view.activity.completedAt}}.{{#if keepsakeHref}} <a href="{{keepsakeHref}}">Read the keepsake</a>{{/if}}{{/if}}
{{#if (eq view.activity.status "cancelled")}}Cancelled {{time view.activity.cancelledAt}}.{{/if}}
</p>
<p class="muted">Started {{time view.activity.startedAt}} · <a href="{{apiHref}}">as JSON</a></p>
{{> rounds}}
</article>
`);
