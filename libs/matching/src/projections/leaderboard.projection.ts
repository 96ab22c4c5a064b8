import type { ProjectedEvent } from '@companion/event-store';
import type { Doc, Projection, ProjectionContext } from '@companion/read-store';
import type { PairEvent } from '../domain/pair';

export interface AgentStatsDoc extends Doc {
  likesReceived: number;
  matchCount: number;
}

export const AGENT_STATS = 'agentStats';

const bump = (ctx: ProjectionContext, agentId: string, field: 'likesReceived' | 'matchCount') =>
  // Registration created the document; none means the agent was deleted since.
  ctx.update<AgentStatsDoc>(AGENT_STATS, agentId, (s) => s && { ...s, [field]: s[field] + 1 });

/** Likes received and matches per agent, indexed for the two leaderboard orders. */
export const leaderboardProjection: Projection = {
  name: 'leaderboard',
  version: 1,
  collections: [
    {
      name: AGENT_STATS,
      indexes: [
        {
          name: 'by_likes',
          fields: [
            ['likesReceived', -1],
            ['_id', 1],
          ],
        },
        {
          name: 'by_matches',
          fields: [
            ['matchCount', -1],
            ['_id', 1],
          ],
        },
      ],
    },
  ],
  eventTypes: ['AgentRegistered', 'SwipeRecorded', 'MatchCreated', 'AgentDeleted'],

  async apply(recorded: ProjectedEvent, ctx: ProjectionContext) {
    const event = { type: recorded.type, data: recorded.data } as
      PairEvent | { type: 'AgentRegistered' | 'AgentDeleted'; data: { agentId: string } };
    switch (event.type) {
      case 'AgentRegistered':
        await ctx.update<AgentStatsDoc>(
          AGENT_STATS,
          event.data.agentId,
          (s) => s ?? { _id: event.data.agentId, likesReceived: 0, matchCount: 0 },
        );
        return;
      case 'SwipeRecorded':
        if (event.data.liked) await bump(ctx, event.data.targetId, 'likesReceived');
        return;
      case 'MatchCreated':
        for (const agentId of event.data.agentIds) await bump(ctx, agentId, 'matchCount');
        return;
      case 'AgentDeleted':
        await ctx.update(AGENT_STATS, event.data.agentId, () => null);
        return;
    }
  },
};
