import type { ProjectedEvent } from '@companion/event-store';
import { OWNER_EVENT_TYPES, OwnerEvent } from '@companion/agents/domain';
import type { Doc, Projection, ProjectionContext } from '@companion/read-store';

/** Secret hash → the link it opens, so a redemption finds the agent from the secret alone. */
export interface OwnerLinkDoc extends Doc {
  agentId: string;
  linkId: string;
  expiresAt: string;
  redeemed: boolean;
}

/** Session hash → whose dashboard the cookie opens, until when. */
export interface OwnerSessionDoc extends Doc {
  agentId: string;
  expiresAt: string;
  revoked: boolean;
}

/**
 * Per agent: the ids of its link and session documents. Projections cannot query, so this is how a
 * redemption (which names the link by id) finds the link's document, and how a deletion finds them all.
 */
export interface OwnerAgentDoc extends Doc {
  /** linkId → secret hash */
  links: Record<string, string>;
  sessions: string[];
}

export const OWNER_LINKS = 'ownerLinks';
export const OWNER_SESSIONS = 'ownerSessions';
export const OWNER_AGENTS = 'ownerAgents';

type Event = OwnerEvent | { type: 'AgentDeleted'; data: { agentId: string } };

export const ownerAccessProjection: Projection = {
  name: 'owner',
  version: 1,
  collections: [{ name: OWNER_LINKS }, { name: OWNER_SESSIONS }, { name: OWNER_AGENTS }],
  eventTypes: [...OWNER_EVENT_TYPES, 'AgentDeleted'],

  async apply(recorded: ProjectedEvent, ctx: ProjectionContext) {
    const event = { type: recorded.type, data: recorded.data } as Event;
    switch (event.type) {
      case 'OwnerLinkCreated': {
        const { agentId, linkId, secretHash, expiresAt } = event.data;
        await ctx.update<OwnerLinkDoc>(OWNER_LINKS, secretHash, () => ({
          _id: secretHash,
          agentId,
          linkId,
          expiresAt,
          redeemed: false,
        }));
        await ctx.update<OwnerAgentDoc>(OWNER_AGENTS, agentId, (doc) => ({
          _id: agentId,
          links: { ...doc?.links, [linkId]: secretHash },
          sessions: doc?.sessions ?? [],
        }));
        return;
      }
      case 'OwnerLinkRedeemed': {
        const { agentId, linkId, sessionHash, sessionExpiresAt } = event.data;
        const agent = await ctx.get<OwnerAgentDoc>(OWNER_AGENTS, agentId);
        const secretHash = agent?.links[linkId];
        if (secretHash)
          await ctx.update<OwnerLinkDoc>(OWNER_LINKS, secretHash, (doc) =>
            doc ? { ...doc, redeemed: true } : undefined,
          );
        await ctx.update<OwnerSessionDoc>(OWNER_SESSIONS, sessionHash, () => ({
          _id: sessionHash,
          agentId,
          expiresAt: sessionExpiresAt,
          revoked: false,
        }));
        await ctx.update<OwnerAgentDoc>(OWNER_AGENTS, agentId, (doc) => ({
          _id: agentId,
          links: doc?.links ?? {},
          sessions: [...(doc?.sessions ?? []).filter((s) => s !== sessionHash), sessionHash],
        }));
        return;
      }
      case 'OwnerSessionRevoked':
        await ctx.update<OwnerSessionDoc>(OWNER_SESSIONS, event.data.sessionHash, (doc) =>
          doc ? { ...doc, revoked: true } : undefined,
        );
        return;
      case 'AgentDeleted': {
        // The agent stream refuses every command after the deletion, so nothing can bring these back.
        const agent = await ctx.get<OwnerAgentDoc>(OWNER_AGENTS, event.data.agentId);
        for (const secretHash of Object.values(agent?.links ?? {}))
          await ctx.update(OWNER_LINKS, secretHash, () => null);
        for (const sessionHash of agent?.sessions ?? [])
          await ctx.update(OWNER_SESSIONS, sessionHash, () => null);
        await ctx.update(OWNER_AGENTS, event.data.agentId, () => null);
        return;
      }
    }
  },
};
