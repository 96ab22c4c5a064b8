import type { ProjectedEvent } from '@companion/event-store';
import type { Doc, Projection, ProjectionContext } from '@companion/read-store';

/** A published love story: the milestone facts; names and excerpts are joined when it is read. */
export interface LoveStoryDoc extends Doc {
  matchId: string;
  agentIds: string[];
  position: number;
  publishedAt: string;
  messageCount: number;
  chemistry: number;
}

export const LOVE_STORIES = 'loveStories';

export const loveStoriesProjection: Projection = {
  name: 'loveStories',
  version: 1,
  collections: [
    { name: LOVE_STORIES, indexes: [{ name: 'by_position', fields: [['position', -1]] }] },
  ],
  eventTypes: ['LoveStoryPublished'],

  async apply(event: ProjectedEvent, ctx: ProjectionContext) {
    const d = event.data as {
      storyId: string;
      matchId: string;
      agentIds: string[];
      messageCount: number;
      chemistry: number;
    };
    await ctx.update<LoveStoryDoc>(LOVE_STORIES, d.storyId, () => ({
      _id: d.storyId,
      matchId: d.matchId,
      agentIds: d.agentIds,
      position: event.position,
      publishedAt: event.metadata.occurredAt,
      messageCount: d.messageCount,
      chemistry: d.chemistry,
    }));
  },
};
