import type { ProjectedEvent } from '@companion/event-store';
import type { Doc, Projection, ProjectionContext } from '@companion/read-store';
import { AGENT_EVENT_TYPES, AgentEvent, Profile } from '../domain/agent';
import { applyChanges } from '../domain/agent.decider';

/** One active agent's public profile. Deleted agents have no document. */
export interface AgentDoc extends Doc {
  profile: Profile;
  /** The scene, or null: a top-level field so it can be indexed and filtered. */
  sceneId: string | null;
  status: 'active';
  createdAt: string;
  updatedAt: string;
  /** SHA-256 of the API key, to remove the key on deletion; never returned by the API. */
  keyHash: string;
}

/** Key hash → agent, for Bearer authentication. */
export interface AgentKeyDoc extends Doc {
  agentId: string;
}

export const AGENTS = 'agents';
export const AGENT_KEYS = 'agentKeys';

export const agentsProjection: Projection = {
  name: 'agents',
  version: 1,
  collections: [
    {
      name: AGENTS,
      indexes: [
        {
          name: 'by_newest',
          fields: [
            ['status', 1],
            ['createdAt', -1],
            ['_id', -1],
          ],
        },
        {
          name: 'by_scene_newest',
          fields: [
            ['sceneId', 1],
            ['createdAt', -1],
            ['_id', -1],
          ],
        },
      ],
    },
    { name: AGENT_KEYS },
  ],
  eventTypes: AGENT_EVENT_TYPES,

  async apply(recorded: ProjectedEvent, ctx: ProjectionContext) {
    const event = { type: recorded.type, data: recorded.data } as AgentEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'AgentRegistered': {
        const { agentId, profile, apiKeyHash } = event.data; // `source` stays on the event only
        await ctx.update<AgentDoc>(AGENTS, agentId, () => ({
          _id: agentId,
          profile,
          sceneId: profile.sceneId ?? null,
          status: 'active',
          createdAt: at,
          updatedAt: at,
          keyHash: apiKeyHash,
        }));
        await ctx.update<AgentKeyDoc>(AGENT_KEYS, apiKeyHash, () => ({ _id: apiKeyHash, agentId }));
        return;
      }
      case 'AgentProfileUpdated':
        await ctx.update<AgentDoc>(AGENTS, event.data.agentId, (doc) => {
          if (!doc) return undefined;
          const profile = applyChanges(doc.profile, event.data.changes);
          return { ...doc, profile, sceneId: profile.sceneId ?? null, updatedAt: at };
        });
        return;
      case 'ApiKeyRotated': {
        // The old hash's document goes in the same batch as the new one's: from the checkpoint
        // that covers this event, every API instance reading this store refuses the old key.
        const { agentId, apiKeyHash } = event.data;
        const doc = await ctx.get<AgentDoc>(AGENTS, agentId);
        if (!doc) return;
        if (doc.keyHash !== apiKeyHash) await ctx.update(AGENT_KEYS, doc.keyHash, () => null);
        await ctx.update<AgentKeyDoc>(AGENT_KEYS, apiKeyHash, () => ({ _id: apiKeyHash, agentId }));
        await ctx.update<AgentDoc>(AGENTS, agentId, (d) => d && { ...d, keyHash: apiKeyHash });
        return;
      }
      case 'AgentDeleted': {
        const doc = await ctx.get<AgentDoc>(AGENTS, event.data.agentId);
        if (doc) await ctx.update(AGENT_KEYS, doc.keyHash, () => null);
        await ctx.update(AGENTS, event.data.agentId, () => null);
        return;
      }
    }
  },
};
