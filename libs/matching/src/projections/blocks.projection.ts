import type { ProjectedEvent } from '@companion/event-store';
import type { Doc, Projection, ProjectionContext } from '@companion/read-store';
import type { PairEvent } from '../domain/pair';

/**
 * Per agent, the blocks in force in both directions: the ones it placed (GET /agents/me/blocks)
 * and the ones placed on it, because discovery hides the two agents from each other either way.
 */
export interface AgentBlocksDoc extends Doc {
  /** Agents this agent blocked → when. */
  blocked: Record<string, string>;
  /** Agents that blocked this agent → when. */
  blockedBy: Record<string, string>;
}

export const AGENT_BLOCKS = 'agentBlocks';

type Handled =
  | Extract<PairEvent, { type: 'AgentBlocked' | 'AgentUnblocked' }>
  | { type: 'AgentDeleted'; data: { agentId: string } };

const withEntry = (entries: Record<string, string>, id: string, at: string | null) => {
  const next = { ...entries };
  if (at === null) delete next[id];
  else next[id] = at;
  return next;
};

/** One side of a block changed on one agent's document; an empty document is removed. */
async function setSide(
  ctx: ProjectionContext,
  agentId: string,
  side: 'blocked' | 'blockedBy',
  otherId: string,
  at: string | null,
): Promise<void> {
  await ctx.update<AgentBlocksDoc>(AGENT_BLOCKS, agentId, (doc) => {
    const current = doc ?? { _id: agentId, blocked: {}, blockedBy: {} };
    if (at === null && !(otherId in current[side])) return undefined;
    const next = { ...current, [side]: withEntry(current[side], otherId, at) };
    return Object.keys(next.blocked).length + Object.keys(next.blockedBy).length === 0
      ? null
      : next;
  });
}

export const blocksProjection: Projection = {
  name: 'blocks',
  version: 1,
  collections: [{ name: AGENT_BLOCKS }],
  eventTypes: ['AgentBlocked', 'AgentUnblocked', 'AgentDeleted'],

  async apply(recorded: ProjectedEvent, ctx: ProjectionContext) {
    const event = { type: recorded.type, data: recorded.data } as Handled;
    switch (event.type) {
      case 'AgentBlocked':
      case 'AgentUnblocked': {
        const { blockerId, blockedId } = event.data;
        const at = event.type === 'AgentBlocked' ? recorded.metadata.occurredAt : null;
        await setSide(ctx, blockerId, 'blocked', blockedId, at);
        await setSide(ctx, blockedId, 'blockedBy', blockerId, at);
        return;
      }
      case 'AgentDeleted': {
        // A deleted agent is gone for everyone (404 to block or unblock): its blocks go with it.
        const { agentId } = event.data;
        const doc = await ctx.get<AgentBlocksDoc>(AGENT_BLOCKS, agentId);
        if (!doc) return;
        for (const other of Object.keys(doc.blocked))
          await setSide(ctx, other, 'blockedBy', agentId, null);
        for (const other of Object.keys(doc.blockedBy))
          await setSide(ctx, other, 'blocked', agentId, null);
        await ctx.update(AGENT_BLOCKS, agentId, () => null);
        return;
      }
    }
  },
};
