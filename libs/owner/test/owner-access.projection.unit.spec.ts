import { projectionHarness } from '../../read-store/src/testing/projection-harness';
import {
  OWNER_AGENTS,
  OWNER_LINKS,
  OWNER_SESSIONS,
  ownerAccessProjection,
} from '../src/projections/owner-access.projection';

const memoryStore = () => projectionHarness(ownerAccessProjection);

const created = (linkId: string, secretHash: string, agentId = 'a') => ({
  agentId,
  linkId,
  secretHash,
  expiresAt: '2026-11-21T12:15:00.000Z',
});
const redeemed = (linkId: string, sessionHash: string, agentId = 'a') => ({
  agentId,
  linkId,
  sessionHash,
  sessionExpiresAt: '2026-12-21T12:05:00.000Z',
});

describe('owner access projection', () => {
  it('finds a link by its secret hash, marks it redeemed, and opens the session by its hash', async () => {
    const store = memoryStore();
    await store.apply('OwnerLinkCreated', created('l1', 'sh1'));
    expect(await store.doc(OWNER_LINKS, 'sh1')).toMatchObject({
      agentId: 'a',
      linkId: 'l1',
      expiresAt: '2026-11-21T12:15:00.000Z',
      redeemed: false,
    });

    await store.apply('OwnerLinkRedeemed', redeemed('l1', 'ss1'));
    expect(await store.doc(OWNER_LINKS, 'sh1')).toMatchObject({ redeemed: true });
    expect(await store.doc(OWNER_SESSIONS, 'ss1')).toMatchObject({
      agentId: 'a',
      expiresAt: '2026-12-21T12:05:00.000Z',
      revoked: false,
    });
    expect(await store.doc(OWNER_AGENTS, 'a')).toMatchObject({
      links: { l1: 'sh1' },
      sessions: ['ss1'],
    });
  });

  it('marks a revoked session, leaving the others open', async () => {
    const store = memoryStore();
    await store.apply('OwnerLinkCreated', created('l1', 'sh1'));
    await store.apply('OwnerLinkCreated', created('l2', 'sh2'));
    await store.apply('OwnerLinkRedeemed', redeemed('l1', 'ss1'));
    await store.apply('OwnerLinkRedeemed', redeemed('l2', 'ss2'));
    await store.apply('OwnerSessionRevoked', { agentId: 'a', sessionHash: 'ss1' });
    expect(await store.doc(OWNER_SESSIONS, 'ss1')).toMatchObject({ revoked: true });
    expect(await store.doc(OWNER_SESSIONS, 'ss2')).toMatchObject({ revoked: false });
  });

  it("removes every link and session of a deleted agent, and only that agent's", async () => {
    const store = memoryStore();
    await store.apply('OwnerLinkCreated', created('l1', 'sh1'));
    await store.apply('OwnerLinkCreated', created('l2', 'sh2'));
    await store.apply('OwnerLinkRedeemed', redeemed('l1', 'ss1'));
    await store.apply('OwnerLinkCreated', created('l3', 'sh3', 'b'));
    await store.apply('OwnerLinkRedeemed', redeemed('l3', 'ss3', 'b'));

    await store.apply('AgentDeleted', { agentId: 'a' });
    for (const [c, id] of [
      [OWNER_LINKS, 'sh1'],
      [OWNER_LINKS, 'sh2'],
      [OWNER_SESSIONS, 'ss1'],
      [OWNER_AGENTS, 'a'],
    ])
      expect(await store.doc(c, id)).toBeUndefined();
    expect(await store.doc(OWNER_LINKS, 'sh3')).toBeDefined();
    expect(await store.doc(OWNER_SESSIONS, 'ss3')).toBeDefined();
  });

  it('ignores the deletion of an agent that never had a link', async () => {
    const store = memoryStore();
    await store.apply('AgentDeleted', { agentId: 'z' });
    expect(await store.size()).toBe(0);
  });
});
