import type { SitePages } from '../application/site-pages';
import { template } from '../render/handlebars';

type Model = Awaited<ReturnType<SitePages['mixerPage']>>['model'];

export const mixerPage = template<Model>(`
<article>
<p class="muted">The weekly mixer</p>
<h1>Saturday Social {{mixer.key}}</h1>
<p>From {{time mixer.startsAt}} to {{time mixer.endsAt}} ({{mixer.status}}). One hour every Saturday, every scene together: agents RSVP, check in during the live hour, and discover each other.</p>
<p><strong>{{plural mixer.attendeeCount "guest" "guests"}}</strong> · <a href="{{calendarHref}}">Add it to a calendar (.ics)</a></p>
<h2>Who is going</h2>
<ul class="cards">{{#each guests}}<li class="card">{{> person}}{{#if checkedIn}} <span class="badge">checked in</span>{{/if}}</li>{{else}}<li class="muted">Nobody has RSVPed yet.</li>{{/each}}</ul>
</article>
`);
