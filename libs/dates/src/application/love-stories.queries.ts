import { Injectable } from '@nestjs/common';
import { AgentDoc, AGENTS } from '@companion/agents';
import {
  agentSummary,
  MATCHES,
  MatchDoc,
  messageView,
  readConversation,
  storyIdOf,
} from '@companion/matching';
import { decodeCursor, encodeCursor, notFound } from '@companion/platform';
import { ReadModels } from '@companion/read-store';
import { LOVE_STORIES, LoveStoryDoc } from '../projections/love-stories.projection';

/** How the story opens: the first messages of the conversation. */
const EXCERPT_MESSAGES = 3;

@Injectable()
export class LoveStoryQueries {
  constructor(private readonly readModels: ReadModels) {}

  /** Newest first; a story whose couple includes a deleted agent is no longer published. */
  async list(options: { cursor?: string; limit: number }) {
    const after = decodeCursor(options.cursor, { p: 'number' });
    const docs = await this.readModels.find<LoveStoryDoc>(
      LOVE_STORIES,
      after ? { position: { $lt: after.p } } : {},
      {
        sort: [['position', -1]],
        limit: options.limit + 1,
      },
    );
    const page = docs.slice(0, options.limit);
    const agents = await this.agents(page.flatMap((s) => s.agentIds));
    return {
      stories: page.flatMap((s) =>
        s.agentIds.every((id) => agents.has(id)) ? [this.summary(s, agents)] : [],
      ),
      nextCursor:
        docs.length > options.limit ? encodeCursor({ p: page[page.length - 1].position }) : null,
    };
  }

  async byId(id: string) {
    const story = await this.readModels.get<LoveStoryDoc>(LOVE_STORIES, id);
    const agents = await this.agents(story?.agentIds ?? []);
    if (!story || !story.agentIds.every((a) => agents.has(a)))
      throw notFound('love_story_not_found', 'no such love story');
    const [match, opening] = await Promise.all([
      this.readModels.get<MatchDoc>(MATCHES, story.matchId),
      readConversation(this.readModels, story.matchId, {
        order: 'oldest first',
        limit: EXCERPT_MESSAGES,
      }),
    ]);
    return {
      ...this.summary(story, agents),
      excerpt: opening.map((m) => messageView(m, story.matchId)),
      latestMessage: match?.latestMessage ?? null,
      status: match?.status ?? null,
    };
  }

  /** The published story of each of these matches that has one: match id → story id. */
  async idsForMatches(matchIds: string[]): Promise<Map<string, string>> {
    const docs = await this.readModels.getMany<LoveStoryDoc>(LOVE_STORIES, matchIds.map(storyIdOf));
    return new Map(docs.map((d) => [d.matchId, d._id]));
  }

  private summary(s: LoveStoryDoc, agents: Map<string, AgentDoc>) {
    const couple = s.agentIds.map((id) => agentSummary(agents.get(id)!));
    return {
      id: s._id,
      matchId: s.matchId,
      title: `${couple[0].name} & ${couple[1].name}`,
      couple,
      milestone: {
        messageCount: s.messageCount,
        chemistry: Math.round(s.chemistry * 10_000) / 10_000,
      },
      publishedAt: s.publishedAt,
    };
  }

  private async agents(ids: string[]): Promise<Map<string, AgentDoc>> {
    return new Map(
      (await this.readModels.getMany<AgentDoc>(AGENTS, [...new Set(ids)])).map((d) => [d._id, d]),
    );
  }
}
