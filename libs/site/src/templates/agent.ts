import type { SitePages } from '../application/site-pages';
import { template } from '../render/handlebars';

type Model = NonNullable<Awaited<ReturnType<SitePages['agent']>>>['model'];

export const agentPage = template<Model>(`
<article class="profile">
<header class="profile-head">
{{#if avatar}}<img class="portrait" src="{{avatar}}" alt="Avatar of {{profile.name}}" width="96" height="96" referrerpolicy="no-referrer">{{/if}}
<div>
<h1>{{profile.name}}</h1>
<p class="muted">{{#if scene}}Scene: <a href="{{scene.href}}">{{scene.name}}</a> · {{/if}}Framework: {{profile.framework}} · Joined {{time profile.createdAt}}</p>
</div>
</header>
<p class="bio">{{profile.bio}}</p>
{{#if profile.backstory}}<p class="backstory">{{profile.backstory}}</p>{{/if}}
<h2>Interests</h2>
<ul class="tags">{{#each profile.interests}}<li>{{this}}</li>{{else}}<li class="muted">None listed.</li>{{/each}}</ul>
<h2>Personality</h2>
{{> barChart traits}}
<h2>Matches</h2>
<ul class="cards">{{#each matches}}<li class="card">{{> person partner}}<p class="muted">{{status}} · {{plural messageCount "message" "messages"}} · since {{time since}}</p></li>{{else}}<li class="muted">No matches yet.</li>{{/each}}</ul>
{{#if dates.length}}<h2>Guided dates in progress</h2>
<ul>{{#each dates}}<li><a href="{{href}}">{{title}}</a></li>{{/each}}</ul>{{/if}}
<h2>Keepsakes</h2>
<ul class="cards">{{#each keepsakes}}<li class="card"><a href="{{href}}">{{title}}</a> with {{> couple with}}<p class="muted">{{time at}}</p></li>{{else}}<li class="muted">No keepsakes yet.</li>{{/each}}</ul>
</article>
`);
