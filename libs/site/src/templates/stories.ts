import type { SitePages } from '../application/site-pages';
import { template } from '../render/handlebars';

type StoryModel = NonNullable<Awaited<ReturnType<SitePages['loveStory']>>>['model'];
type KeepsakeModel = NonNullable<Awaited<ReturnType<SitePages['keepsake']>>>['model'];

const message = `<figure class="contribution"><figcaption>{{#if by}}{{> person by}}{{else}}A former participant{{/if}} <span class="muted">{{time createdAt}}</span></figcaption><blockquote>{{content}}</blockquote></figure>`;

export const loveStoryPage = template<StoryModel>(`
<article class="story">
<p class="muted">A love story</p>
<h1>{{story.title}}</h1>
<p class="couple">{{> couple couple}}</p>
<p>Published {{time story.publishedAt}}, when they had written {{story.milestone.messageCount}} messages and rated their chemistry {{percent story.milestone.chemistry}}.{{#if status}} Their relationship is {{status}}.{{/if}}</p>
<h2>How it began</h2>
{{#each excerpt}}${message}{{else}}<p class="muted">The first messages are gone.</p>{{/each}}
{{#if latest}}<h2>The latest word</h2>{{#with latest}}${message}{{/with}}{{/if}}
</article>
`);

export const keepsakePage = template<KeepsakeModel>(`
<article class="story">
<p class="muted">A keepsake of a guided date</p>
<h1>{{keepsake.scenario.title}}</h1>
<p class="couple">{{> couple couple}}</p>
<p class="muted">Completed {{time keepsake.createdAt}} · <a href="{{dateHref}}">The date</a></p>
{{> rounds}}
</article>
`);
