import { deciderSpec } from '@companion/platform/testing';
import { AgentEvent } from '../src/domain/agent';
import { ADA } from './support/ada';
import { agentDecider } from '../src/domain/agent.decider';
import { OWNER_LINK_LIFETIME_MS, OWNER_SESSION_LIFETIME_MS } from '../src/domain/owner-access';

const registered: AgentEvent = {
  type: 'AgentRegistered',
  data: {
    agentId: 'a1',
    apiKeyHash: 'key-hash',
    profile: ADA,
  },
};
const deleted: AgentEvent = { type: 'AgentDeleted', data: { agentId: 'a1' } };

const createdAt = new Date('2026-11-21T12:00:00.000Z');
const at = (ms: number) => new Date(createdAt.getTime() + ms);
const linkCreated: AgentEvent = {
  type: 'OwnerLinkCreated',
  data: {
    agentId: 'a1',
    linkId: 'l1',
    secretHash: 'secret-hash',
    expiresAt: '2026-11-21T12:15:00.000Z',
  },
};
const redeemed: AgentEvent = {
  type: 'OwnerLinkRedeemed',
  data: {
    agentId: 'a1',
    linkId: 'l1',
    sessionHash: 's1',
    sessionExpiresAt: '2026-12-21T12:05:00.000Z',
  },
};
const revoked: AgentEvent = {
  type: 'OwnerSessionRevoked',
  data: { agentId: 'a1', sessionHash: 's1' },
};

const redeem = (now: Date, linkId = 'l1', sessionHash = 's1') => ({
  type: 'RedeemOwnerLink' as const,
  agentId: 'a1',
  linkId,
  sessionHash,
  now,
});
const revoke = (sessionHash = 's1') => ({
  type: 'RevokeOwnerSession' as const,
  agentId: 'a1',
  sessionHash,
});

const spec = deciderSpec(agentDecider);

describe('agent decider: owner links and sessions (spec §5 rule 8, §8)', () => {
  describe('CreateOwnerLink', () => {
    it('records the link with its secret hash, expiring 15 minutes from now', () => {
      expect(OWNER_LINK_LIFETIME_MS).toBe(15 * 60 * 1000);
      spec
        .given([registered])
        .when({
          type: 'CreateOwnerLink',
          agentId: 'a1',
          linkId: 'l1',
          secretHash: 'secret-hash',
          now: createdAt,
        })
        .then([linkCreated]);
    });

    it('refuses an agent that never was or was deleted', () => {
      const create = {
        type: 'CreateOwnerLink' as const,
        agentId: 'a1',
        linkId: 'l1',
        secretHash: 'h',
        now: createdAt,
      };
      spec.given([]).when(create).thenThrows('not_found', 'agent_not_found');
      spec.given([registered, deleted]).when(create).thenThrows('not_found', 'agent_not_found');
    });

    it('refuses to reuse a link id', () => {
      spec
        .given([registered, linkCreated])
        .when({
          type: 'CreateOwnerLink',
          agentId: 'a1',
          linkId: 'l1',
          secretHash: 'other',
          now: createdAt,
        })
        .thenThrows('conflict', 'owner_link_exists');
    });
  });

  describe('RedeemOwnerLink', () => {
    it('opens a 30-day session once, within the 15 minutes', () => {
      expect(OWNER_SESSION_LIFETIME_MS).toBe(30 * 24 * 60 * 60 * 1000);
      spec
        .given([registered, linkCreated])
        .when(redeem(at(5 * 60 * 1000)))
        .then([redeemed]);
      spec
        .given([registered, linkCreated])
        .when(redeem(at(OWNER_LINK_LIFETIME_MS - 1)))
        .then([
          {
            type: 'OwnerLinkRedeemed',
            data: {
              agentId: 'a1',
              linkId: 'l1',
              sessionHash: 's1',
              sessionExpiresAt: '2026-12-21T12:14:59.999Z',
            },
          },
        ]);
    });

    it('refuses a second redemption, with another session id too', () => {
      spec
        .given([registered, linkCreated, redeemed])
        .when(redeem(at(6 * 60 * 1000), 'l1', 's2'))
        .thenThrows('conflict', 'owner_link_used');
    });

    it('refuses a link at or after its expiry', () => {
      spec
        .given([registered, linkCreated])
        .when(redeem(at(OWNER_LINK_LIFETIME_MS)))
        .thenThrows('gone', 'owner_link_expired');
      spec
        .given([registered, linkCreated])
        .when(redeem(at(60 * 60 * 1000)))
        .thenThrows('gone', 'owner_link_expired');
    });

    it('says "used" rather than "expired" for a used link after its expiry', () => {
      spec
        .given([registered, linkCreated, redeemed])
        .when(redeem(at(OWNER_LINK_LIFETIME_MS + 1)))
        .thenThrows('conflict', 'owner_link_used');
    });

    it('refuses an unknown link', () => {
      spec
        .given([registered, linkCreated])
        .when(redeem(at(1000), 'l2'))
        .thenThrows('unauthorized', 'owner_link_invalid');
    });

    it("refuses a deleted agent's link", () => {
      spec
        .given([registered, linkCreated, deleted])
        .when(redeem(at(1000)))
        .thenThrows('unauthorized', 'owner_link_invalid');
      spec
        .given([])
        .when(redeem(at(1000)))
        .thenThrows('unauthorized', 'owner_link_invalid');
    });
  });

  describe('RevokeOwnerSession', () => {
    it('revokes an open session, once', () => {
      spec.given([registered, linkCreated, redeemed]).when(revoke()).then([revoked]);
      spec.given([registered, linkCreated, redeemed, revoked]).when(revoke()).thenNothing();
    });

    it('refuses a session this agent never opened', () => {
      spec
        .given([registered, linkCreated, redeemed])
        .when(revoke('s2'))
        .thenThrows('unauthorized', 'owner_session_invalid');
    });

    it("refuses a deleted agent's session", () => {
      spec
        .given([registered, linkCreated, redeemed, deleted])
        .when(revoke())
        .thenThrows('unauthorized', 'owner_session_invalid');
    });
  });

  it('keeps owner access beside the profile: a profile change does not drop it', () => {
    spec
      .given([
        registered,
        linkCreated,
        { type: 'AgentProfileUpdated', data: { agentId: 'a1', changes: { bio: 'New.' } } },
      ])
      .when(redeem(at(1000)))
      .then([
        {
          ...redeemed,
          data: { ...redeemed.data, sessionExpiresAt: '2026-12-21T12:00:01.000Z' },
        },
      ]);
  });

  it('puts no secret in an event: only the hashes the handler passed', () => {
    const events = agentDecider.decide(
      {
        type: 'CreateOwnerLink',
        agentId: 'a1',
        linkId: 'l9',
        secretHash: 'h'.repeat(64),
        now: createdAt,
      },
      agentDecider.evolve(agentDecider.initialState(), registered),
    );
    expect(Object.keys(events[0].data).sort()).toEqual([
      'agentId',
      'expiresAt',
      'linkId',
      'secretHash',
    ]);
  });
});
