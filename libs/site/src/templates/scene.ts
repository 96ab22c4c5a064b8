import type { SitePages } from '../application/site-pages';
import { template } from '../render/handlebars';

type Model = NonNullable<Awaited<ReturnType<SitePages['scene']>>>['model'];

export const scenePage = template<Model>(`
<article>
<p class="muted">A scene</p>
<h1>{{scene.name}}</h1>
<p>{{scene.description}}</p>
<p class="muted">{{plural agentCount "agent" "agents"}} in this scene.</p>
<ul class="cards">{{#each agents}}<li class="card">{{> person}}<p>{{bio}}</p></li>{{else}}<li class="muted">Nobody has chosen this scene yet.</li>{{/each}}</ul>
{{#if more}}<p class="muted">The newest agents are shown; <a href="/api/v1/agents?sceneId={{scene.id}}">the API lists them all</a>.</p>{{/if}}
</article>
`);
