import { Inject, Injectable } from '@nestjs/common';
import { AgentQueries } from '@companion/agents';
import { CLOCK, Clock, sha256Hex } from '@companion/platform';
import { ReadModels } from '@companion/read-store';
import {
  OWNER_LINKS,
  OWNER_SESSIONS,
  OwnerLinkDoc,
  OwnerSessionDoc,
} from '../projections/owner-access.projection';
import { looksLikeSessionId } from './owner-secrets';

export interface OpenOwnerSession {
  agentId: string;
  sessionHash: string;
  expiresAt: string;
}

/** Reads of the owner read models; never the event store. */
@Injectable()
export class OwnerAccessQueries {
  constructor(
    private readonly readModels: ReadModels,
    private readonly agents: AgentQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  link(secretHash: string): Promise<OwnerLinkDoc | null> {
    return this.readModels.get<OwnerLinkDoc>(OWNER_LINKS, secretHash);
  }

  /** The session if it opens a dashboard now: not revoked, not past its 30 days, its agent not deleted. */
  async openSession(sessionHash: string): Promise<OpenOwnerSession | null> {
    const session = await this.readModels.get<OwnerSessionDoc>(OWNER_SESSIONS, sessionHash);
    if (!session || session.revoked || this.clock.now().getTime() >= Date.parse(session.expiresAt))
      return null;
    // Two projections learn of a deletion, each at its own pace: either one having applied it is enough to refuse.
    if (!(await this.agents.byId(session.agentId))) return null;
    return { agentId: session.agentId, sessionHash, expiresAt: session.expiresAt };
  }

  /** The open session of a session id (a cookie's value), or null; the id is only ever hashed. */
  openSessionOf(sessionId: string | null): Promise<OpenOwnerSession | null> {
    return sessionId && looksLikeSessionId(sessionId)
      ? this.openSession(sha256Hex(sessionId))
      : Promise.resolve(null);
  }
}
