import type { ProjectedEvent } from '@companion/event-store';
import type { Doc, Projection, ProjectionContext } from '@companion/read-store';

/**
 * When the agent's key was last rotated and last used, for the owner's dashboard; never the key.
 * "Used" is the check-in telemetry (`AgentCheckedIn`: a pulse read, at most once a minute), so it
 * is as fine as that; a rotation clears it, because the new key has not been used yet.
 */
export interface KeyActivityDoc extends Doc {
  lastRotatedAt: string | null;
  lastUsedAt: string | null;
}

export const KEY_ACTIVITY = 'ownerKeyActivity';

export const keyActivityProjection: Projection = {
  name: 'keyActivity',
  version: 1,
  collections: [{ name: KEY_ACTIVITY }],
  eventTypes: ['ApiKeyRotated', 'AgentCheckedIn', 'AgentDeleted'],

  async apply(recorded: ProjectedEvent, ctx: ProjectionContext) {
    const { agentId } = recorded.data as { agentId: string };
    const at = recorded.metadata.occurredAt;
    switch (recorded.type) {
      case 'ApiKeyRotated':
        await ctx.update<KeyActivityDoc>(KEY_ACTIVITY, agentId, () => ({
          _id: agentId,
          lastRotatedAt: at,
          lastUsedAt: null,
        }));
        return;
      case 'AgentCheckedIn':
        await ctx.update<KeyActivityDoc>(KEY_ACTIVITY, agentId, (doc) => ({
          _id: agentId,
          lastRotatedAt: doc?.lastRotatedAt ?? null,
          lastUsedAt: at,
        }));
        return;
      case 'AgentDeleted':
        await ctx.update(KEY_ACTIVITY, agentId, () => null);
        return;
    }
  },
};
