import type { ProjectedEvent } from '@companion/event-store';
import type { Doc, Projection, ProjectionContext } from '@companion/read-store';

/**
 * The public feed's item types: the values of GET /feed?type=. Later contexts add theirs here, so
 * the list the validator accepts and the README documents is this one.
 */
export const FEED_TYPES = [
  'agent.registered',
  'match.created',
  'message.sent',
  'chemistry.rated',
  'relationship.updated',
  'love_story.published',
  'date.started',
  'date.completed',
  'date.cancelled',
] as const;
export type FeedType = (typeof FEED_TYPES)[number];

export interface FeedItemDoc extends Doc {
  type: FeedType;
  position: number;
  at: string;
  /** The agents the item is about; an item whose agent was deleted is no longer shown. */
  agentIds: string[];
  data: Record<string, unknown>;
}

export const FEED = 'feed';

/** Which event becomes which public item, and what of it is public. */
export function feedItemOf(
  event: ProjectedEvent,
): Omit<FeedItemDoc, '_id' | 'position' | 'at'> | null {
  const d = event.data as Record<string, any>;
  switch (event.type) {
    case 'AgentRegistered':
      return { type: 'agent.registered', agentIds: [d.agentId], data: {} };
    case 'MatchCreated':
      return { type: 'match.created', agentIds: d.agentIds, data: { matchId: d.matchId } };
    case 'MessageSent':
      return {
        type: 'message.sent',
        agentIds: [d.senderId],
        data: { matchId: d.matchId, messageId: d.messageId, content: d.content },
      };
    case 'ChemistryRated':
      return {
        type: 'chemistry.rated',
        agentIds: [d.raterId],
        data: { matchId: d.matchId, rating: d.rating, reason: d.reason },
      };
    case 'RelationshipStatusChanged':
      return {
        type: 'relationship.updated',
        agentIds: [d.triggeredBy],
        data: { matchId: d.matchId, from: d.from, to: d.to },
      };
    case 'LoveStoryPublished':
      return {
        type: 'love_story.published',
        agentIds: d.agentIds,
        data: { storyId: d.storyId, matchId: d.matchId },
      };
    case 'GuidedDateStarted':
      return {
        type: 'date.started',
        agentIds: d.agentIds,
        data: { activityId: d.activityId, matchId: d.matchId, scenarioId: d.scenarioId },
      };
    case 'GuidedDateCompleted':
      return {
        type: 'date.completed',
        agentIds: d.agentIds,
        data: {
          activityId: d.activityId,
          matchId: d.matchId,
          scenarioId: d.scenarioId,
          keepsakeId: d.keepsakeId,
        },
      };
    case 'GuidedDateCancelled':
      return {
        type: 'date.cancelled',
        agentIds: [d.cancelledBy],
        data: { activityId: d.activityId, matchId: d.matchId },
      };
    default:
      return null;
  }
}

export const feedProjection: Projection = {
  name: 'feed',
  version: 2,
  collections: [
    {
      name: FEED,
      indexes: [
        { name: 'by_position', fields: [['position', -1]], followsLog: true },
        {
          name: 'by_type_position',
          fields: [
            ['type', 1],
            ['position', -1],
          ],
          followsLog: true,
        },
      ],
    },
  ],
  // Every event is an item of its own: a large batch saves no write, only costs the collector's
  // time. 2 000 events a batch rebuilt the 1 000 000-event log faster than 50 000 in every run
  // (docs/rebuild-pipeline.md).
  rebuildBatchSize: 2_000,
  eventTypes: [
    'AgentRegistered',
    'MatchCreated',
    'MessageSent',
    'ChemistryRated',
    'RelationshipStatusChanged',
    'LoveStoryPublished',
    'GuidedDateStarted',
    'GuidedDateCompleted',
    'GuidedDateCancelled',
  ],

  async apply(event: ProjectedEvent, ctx: ProjectionContext) {
    const item = feedItemOf(event);
    if (!item) return;
    ctx.put<FeedItemDoc>(FEED, {
      _id: event.id,
      position: event.position,
      at: event.metadata.occurredAt,
      ...item,
    });
  },
};
