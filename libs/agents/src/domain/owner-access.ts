import { DomainError, conflict, gone } from '@companion/platform/domain';

/**
 * The owner's way into an agent's dashboard (spec §5 rule 8), on the agent's own stream: a link is
 * one-use and short-lived, its redemption opens one browser session, and disconnecting revokes it.
 * Only SHA-256 hashes of the link secret and of the session id reach an event (architecture §3).
 *
 * | command            | when                                        | answer / event                       |
 * |--------------------|---------------------------------------------|--------------------------------------|
 * | CreateOwnerLink    | agent active                                | OwnerLinkCreated (expires in 15 min) |
 * | RedeemOwnerLink    | link known, not redeemed, now < expiresAt   | OwnerLinkRedeemed (session 30 days)  |
 * | RedeemOwnerLink    | link already redeemed                       | 409 owner_link_used                  |
 * | RedeemOwnerLink    | now ≥ expiresAt (and never redeemed)        | owner_link_expired (410 at the edge) |
 * | RedeemOwnerLink    | unknown link, or the agent is deleted       | 401 owner_link_invalid               |
 * | RevokeOwnerSession | session open                                | OwnerSessionRevoked                  |
 * | RevokeOwnerSession | session already revoked                     | nothing (idempotent)                 |
 * | RevokeOwnerSession | unknown session, or the agent is deleted    | 401 owner_session_invalid            |
 *
 * "Already used" is judged before "expired": a used link stays used, which is the more useful
 * thing to tell the person holding it.
 */

/** Spec §8: owner link lifetime. */
export const OWNER_LINK_LIFETIME_MS = 15 * 60 * 1000;
/** Spec §8: owner session. */
export const OWNER_SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export type OwnerEvent =
  | {
      type: 'OwnerLinkCreated';
      data: { agentId: string; linkId: string; secretHash: string; expiresAt: string };
    }
  | {
      type: 'OwnerLinkRedeemed';
      data: { agentId: string; linkId: string; sessionHash: string; sessionExpiresAt: string };
    }
  | { type: 'OwnerSessionRevoked'; data: { agentId: string; sessionHash: string } };

export const OWNER_EVENT_TYPES: readonly OwnerEvent['type'][] = [
  'OwnerLinkCreated',
  'OwnerLinkRedeemed',
  'OwnerSessionRevoked',
];

/** `now` is the clock's time, read once by the handler so that deciding stays pure. */
export type OwnerCommand =
  | { type: 'CreateOwnerLink'; agentId: string; linkId: string; secretHash: string; now: Date }
  | { type: 'RedeemOwnerLink'; agentId: string; linkId: string; sessionHash: string; now: Date }
  | { type: 'RevokeOwnerSession'; agentId: string; sessionHash: string };

export interface OwnerAccess {
  links: Record<string, { expiresAt: string; redeemed: boolean }>;
  sessions: Record<string, { expiresAt: string; revoked: boolean }>;
}

export const noOwnerAccess = (): OwnerAccess => ({ links: {}, sessions: {} });

export function evolveOwnerAccess(access: OwnerAccess, event: OwnerEvent): OwnerAccess {
  switch (event.type) {
    case 'OwnerLinkCreated':
      return {
        ...access,
        links: {
          ...access.links,
          [event.data.linkId]: { expiresAt: event.data.expiresAt, redeemed: false },
        },
      };
    case 'OwnerLinkRedeemed': {
      const link = access.links[event.data.linkId];
      return {
        links: link
          ? { ...access.links, [event.data.linkId]: { ...link, redeemed: true } }
          : access.links,
        sessions: {
          ...access.sessions,
          [event.data.sessionHash]: { expiresAt: event.data.sessionExpiresAt, revoked: false },
        },
      };
    }
    case 'OwnerSessionRevoked': {
      const session = access.sessions[event.data.sessionHash];
      return session
        ? {
            ...access,
            sessions: {
              ...access.sessions,
              [event.data.sessionHash]: { ...session, revoked: true },
            },
          }
        : access;
    }
  }
}

/** The rules for an active agent; the agent decider refuses these commands for any other agent. */
export function decideOwnerAccess(
  command: OwnerCommand,
  access: OwnerAccess,
  agentId: string,
): OwnerEvent[] {
  switch (command.type) {
    case 'CreateOwnerLink': {
      if (access.links[command.linkId])
        throw conflict('owner_link_exists', 'this owner link already exists');
      const expiresAt = new Date(command.now.getTime() + OWNER_LINK_LIFETIME_MS).toISOString();
      return [
        {
          type: 'OwnerLinkCreated',
          data: { agentId, linkId: command.linkId, secretHash: command.secretHash, expiresAt },
        },
      ];
    }
    case 'RedeemOwnerLink': {
      const link = access.links[command.linkId];
      if (!link) throw invalidOwnerLink();
      if (link.redeemed)
        throw conflict(
          'owner_link_used',
          'this owner link was already used; ask the agent for a new one',
        );
      if (command.now.getTime() >= Date.parse(link.expiresAt)) throw expiredOwnerLink();
      const sessionExpiresAt = new Date(
        command.now.getTime() + OWNER_SESSION_LIFETIME_MS,
      ).toISOString();
      return [
        {
          type: 'OwnerLinkRedeemed',
          data: {
            agentId,
            linkId: command.linkId,
            sessionHash: command.sessionHash,
            sessionExpiresAt,
          },
        },
      ];
    }
    case 'RevokeOwnerSession': {
      const session = access.sessions[command.sessionHash];
      if (!session) throw invalidOwnerSession();
      return session.revoked
        ? []
        : [{ type: 'OwnerSessionRevoked', data: { agentId, sessionHash: command.sessionHash } }];
    }
  }
}

export const invalidOwnerLink = () =>
  new DomainError('unauthorized', 'this owner link is not valid', 'owner_link_invalid');
export const invalidOwnerSession = () =>
  new DomainError(
    'unauthorized',
    'no owner session: open a new owner link',
    'owner_session_invalid',
  );
/**
 * The domain has no "gone" kind: an expired link is a conflict with the link's state here, and the
 * owner library answers it with 410 Gone, the precise status for a resource that existed and is over.
 */
export const expiredOwnerLink = () =>
  gone(
    'owner_link_expired',
    'this owner link has expired (links last 15 minutes); ask the agent for a new one',
  );
