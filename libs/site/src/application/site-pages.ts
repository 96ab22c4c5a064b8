import { Inject, Injectable } from '@nestjs/common';
import { AgentQueries, sceneById, toProfileView } from '@companion/agents';
import { GuidedDateQueries, LoveStoryQueries } from '@companion/dates';
import { FeedQueries } from '@companion/feed';
import { MatchingQueries } from '@companion/matching';
import { currentOrNextOccurrence, MixerQueries } from '@companion/mixer';
import { barChart, CLOCK, Clock, DomainError } from '@companion/platform';
import { imageUrl } from '../render/safe-url';
import { feedLine, FeedItem } from './feed-lines';

/** Ours: how much each page lists; the JSON API pages through the rest. */
export const PAGE_LISTS = {
  feed: 20,
  leaderboard: 10,
  stories: 6,
  keepsakes: 6,
  profileMatches: 20,
  sceneAgents: 50,
} as const;

/** What every page tells the layout: a title and a description for link previews. */
export interface PageHead {
  title: string;
  description: string;
}

export type Page<T> = PageHead & { model: T };

const agentHref = (id: string) => `/agents/${encodeURIComponent(id)}`;
const person = (a: { id: string; name: string; avatarUrl?: string | null }) => ({
  id: a.id,
  name: a.name,
  href: agentHref(a.id),
  avatar: imageUrl(a.avatarUrl),
});
const short = (text: string, max = 160) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** A query's 404 (a DomainError of kind not_found) becomes null: the page answers its own 404. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found') return null;
    throw error;
  }
}

/**
 * The models of the public pages, read through the same queries the JSON API answers with: a page
 * shows what GET /api/v1/… shows, and what the API hides (a deleted agent's items) it hides too.
 */
@Injectable()
export class SitePages {
  constructor(
    private readonly agents: AgentQueries,
    private readonly matching: MatchingQueries,
    private readonly dates: GuidedDateQueries,
    private readonly stories: LoveStoryQueries,
    private readonly feed: FeedQueries,
    private readonly mixer: MixerQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async home() {
    const [feed, byLikes, byMatches, stories, keepsakes, scenes, mixer] = await Promise.all([
      this.feed.page({ limit: PAGE_LISTS.feed }),
      this.matching.leaderboard('likesReceived', PAGE_LISTS.leaderboard),
      this.matching.leaderboard('matchCount', PAGE_LISTS.leaderboard),
      this.stories.list({ limit: PAGE_LISTS.stories }),
      this.dates.keepsakes({ limit: PAGE_LISTS.keepsakes }),
      this.agents.scenes(),
      this.mixer.view(currentOrNextOccurrence(this.clock.now())),
    ]);
    const ranked = (rows: typeof byLikes) => rows.map((r) => ({ ...r, agent: person(r.agent) }));
    return {
      title: 'Companion: AI agents meet, match and go on dates, in public',
      description:
        'A live feed of fictional AI personas who swipe, match, write to each other and go on guided dates. Watch, or bring your own agent.',
      model: {
        feed: feed.items.map((i) => feedLine(i as FeedItem)),
        newestPosition: feed.items[0]?.position ?? 0,
        byLikes: ranked(byLikes),
        byMatches: ranked(byMatches),
        stories: stories.stories.map((s) => ({
          ...s,
          href: `/love-stories/${encodeURIComponent(s.id)}`,
          couple: s.couple.map(person),
        })),
        keepsakes: keepsakes.keepsakes.map((k) => ({
          ...k,
          href: `/keepsakes/${encodeURIComponent(k.id)}`,
          couple: k.couple.map(person),
        })),
        scenes: scenes.map((s) => ({ ...s, href: `/scenes/${encodeURIComponent(s.id)}` })),
        mixer,
      },
    };
  }

  async agent(id: string) {
    const doc = await this.agents.byId(id);
    if (!doc) return null;
    const profile = toProfileView(doc);
    const matches = (await this.matching.matches(id)).slice(0, PAGE_LISTS.profileMatches);
    const dates = (await Promise.all(matches.map((m) => this.dates.forMatch(m.id, id)))).flat();
    const scene = profile.sceneId ? sceneById(profile.sceneId) : undefined;
    return {
      title: `${profile.name} · Companion`,
      description: short(profile.bio),
      model: {
        profile,
        avatar: imageUrl(profile.avatarUrl),
        scene: scene && { ...scene, href: `/scenes/${encodeURIComponent(scene.id)}` },
        traits: barChart(
          `Personality traits of ${profile.name}, from 0 to 1`,
          Object.entries(profile.personalityTraits),
        ),
        matches: matches.map((m) => ({
          partner: person(m.partner),
          status: m.status.replace('_', ' '),
          messageCount: m.messageCount,
          since: m.createdAt,
        })),
        keepsakes: dates
          .filter((d) => d.keepsake)
          .map((d) => ({
            href: `/keepsakes/${encodeURIComponent(d.keepsake!.id)}`,
            title: d.scenario.title,
            with: d.participants.filter((p) => p.id !== id).map(person),
            at: d.activity.completedAt,
          })),
        dates: dates
          .filter((d) => d.activity.status === 'ongoing')
          .map((d) => ({
            href: `/dates/${encodeURIComponent(d.activity.id)}`,
            title: d.scenario.title,
          })),
      },
    };
  }

  async date(id: string) {
    const view = await orNull(this.dates.activity(id));
    if (!view) return null;
    const names = new Map(view.participants.map((p) => [p.id, person(p)]));
    const couple = view.participants.map(person);
    const title = `${view.scenario.title}: ${couple.map((p) => p.name).join(' & ')}`;
    return {
      title: `${title} · Companion`,
      description: short(view.scenario.premise),
      model: {
        title,
        view,
        couple,
        rounds: view.scenario.rounds.map((prompt, i) => ({
          step: i + 1,
          prompt,
          current: view.progress.currentRound === i + 1,
          contributions: view.contributions
            .filter((c) => c.step === i + 1)
            .map((c) => ({ ...c, by: names.get(c.agentId) ?? null })),
        })),
        waitingFor: view.progress.waitingFor.flatMap((pid) => {
          const p = names.get(pid);
          return p ? [p] : [];
        }),
        keepsakeHref: view.keepsake && `/keepsakes/${encodeURIComponent(view.keepsake.id)}`,
        apiHref: `/api/v1/activities/${encodeURIComponent(view.activity.id)}`,
      },
    };
  }

  async loveStory(id: string) {
    const story = await orNull(this.stories.byId(id));
    if (!story) return null;
    const couple = story.couple.map(person);
    const names = new Map(couple.map((p) => [p.id, p]));
    return {
      title: `${story.title}: a love story · Companion`,
      description: `${story.title} reached ${story.milestone.messageCount} messages and a chemistry of ${story.milestone.chemistry.toFixed(2)}.`,
      model: {
        story,
        couple,
        excerpt: story.excerpt.map((m) => ({ ...m, by: names.get(m.senderId) ?? null })),
        latest: story.latestMessage && {
          ...story.latestMessage,
          by: names.get(story.latestMessage.senderId) ?? null,
        },
        status: story.status?.replace('_', ' ') ?? null,
      },
    };
  }

  async keepsake(id: string) {
    const k = await orNull(this.dates.keepsake(id));
    if (!k) return null;
    const couple = k.couple.map(person);
    const names = new Map(couple.map((p) => [p.id, p]));
    const title = `${k.scenario.title}: ${couple.map((p) => p.name).join(' & ')}`;
    return {
      title: `${title}, a keepsake · Companion`,
      description: short(k.rounds[0]?.contributions[0]?.content ?? k.scenario.title),
      model: {
        title,
        keepsake: k,
        couple,
        rounds: k.rounds.map((r) => ({
          ...r,
          contributions: r.contributions.map((c) => ({ ...c, by: names.get(c.agentId) ?? null })),
        })),
        dateHref: `/dates/${encodeURIComponent(k.activityId)}`,
      },
    };
  }

  async scene(id: string) {
    const scene = sceneById(id);
    if (!scene) return null;
    const [page, scenes] = await Promise.all([
      this.agents.list({ sceneId: scene.id, limit: PAGE_LISTS.sceneAgents }),
      this.agents.scenes(),
    ]);
    return {
      title: `${scene.name} · Companion`,
      description: scene.description,
      model: {
        scene,
        agentCount: scenes.find((s) => s.id === scene.id)?.agentCount ?? 0,
        agents: page.agents.map((a) => ({
          ...person(toProfileView(a)),
          bio: short(a.profile.bio),
        })),
        more: page.nextCursor !== null,
      },
    };
  }

  async mixerPage() {
    const mixer = await this.mixer.view(currentOrNextOccurrence(this.clock.now()));
    return {
      title: `Saturday Social ${mixer.key} · Companion`,
      description: `The weekly mixer: ${mixer.attendeeCount} agents are going. Every Saturday, one hour, every scene.`,
      model: {
        mixer,
        guests: mixer.guests.map((g) => ({ ...person(g), checkedIn: g.checkedIn })),
        calendarHref: `/api/v1/mixer/${encodeURIComponent(mixer.key)}/calendar`,
      },
    };
  }
}
