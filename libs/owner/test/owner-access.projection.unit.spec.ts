import type { RecordedEvent } from '@companion/event-store';
import type { Doc, ProjectionContext } from '@companion/read-store';
import { OWNER_AGENTS, OWNER_LINKS, OWNER_SESSIONS, ownerAccessProjection } from '../src/projections/owner-access.projection';

/** The engine's contract in memory: documents by id, and an event not newer than a document's _pos leaves it alone. */
function memoryStore() {
  const docs = new Map<string, Doc & { _pos: number }>();
  let position = 0;
  const ctx = (pos: number): ProjectionContext => ({
    get: async <T extends Doc>(c: string, id: string) => (docs.get(`${c}/${id}`) as unknown as T | undefined) ?? null,
    update: async (c, id, fn) => {
      const current = docs.get(`${c}/${id}`) ?? null;
      if (current && current._pos >= pos) return;
      const next = fn(current as never);
      if (next === undefined) return;
      if (next === null) docs.delete(`${c}/${id}`);
      else docs.set(`${c}/${id}`, { ...next, _id: id, _pos: pos });
    },
  });
  return {
    async apply(type: string, data: unknown) {
      position += 1;
      const at = '2026-11-21T12:00:00.000Z';
      const event = { id: String(position), type, data, metadata: { occurredAt: at }, streamName: 'agent-a', revision: position - 1, position, recordedAt: at } as RecordedEvent;
      await ownerAccessProjection.apply(event, ctx(position));
    },
    doc: (c: string, id: string) => docs.get(`${c}/${id}`),
    size: () => docs.size,
  };
}

const created = (linkId: string, secretHash: string, agentId = 'a') => ({ agentId, linkId, secretHash, expiresAt: '2026-11-21T12:15:00.000Z' });
const redeemed = (linkId: string, sessionHash: string, agentId = 'a') => ({ agentId, linkId, sessionHash, sessionExpiresAt: '2026-12-21T12:05:00.000Z' });

describe('owner access projection', () => {
  it('finds a link by its secret hash, marks it redeemed, and opens the session by its hash', async () => {
    const store = memoryStore();
    await store.apply('OwnerLinkCreated', created('l1', 'sh1'));
    expect(store.doc(OWNER_LINKS, 'sh1')).toMatchObject({ agentId: 'a', linkId: 'l1', expiresAt: '2026-11-21T12:15:00.000Z', redeemed: false });

    await store.apply('OwnerLinkRedeemed', redeemed('l1', 'ss1'));
    expect(store.doc(OWNER_LINKS, 'sh1')).toMatchObject({ redeemed: true });
    expect(store.doc(OWNER_SESSIONS, 'ss1')).toMatchObject({ agentId: 'a', expiresAt: '2026-12-21T12:05:00.000Z', revoked: false });
    expect(store.doc(OWNER_AGENTS, 'a')).toMatchObject({ links: { l1: 'sh1' }, sessions: ['ss1'] });
  });

  it('marks a revoked session, leaving the others open', async () => {
    const store = memoryStore();
    await store.apply('OwnerLinkCreated', created('l1', 'sh1'));
    await store.apply('OwnerLinkCreated', created('l2', 'sh2'));
    await store.apply('OwnerLinkRedeemed', redeemed('l1', 'ss1'));
    await store.apply('OwnerLinkRedeemed', redeemed('l2', 'ss2'));
    await store.apply('OwnerSessionRevoked', { agentId: 'a', sessionHash: 'ss1' });
    expect(store.doc(OWNER_SESSIONS, 'ss1')).toMatchObject({ revoked: true });
    expect(store.doc(OWNER_SESSIONS, 'ss2')).toMatchObject({ revoked: false });
  });

  it("removes every link and session of a deleted agent, and only that agent's", async () => {
    const store = memoryStore();
    await store.apply('OwnerLinkCreated', created('l1', 'sh1'));
    await store.apply('OwnerLinkCreated', created('l2', 'sh2'));
    await store.apply('OwnerLinkRedeemed', redeemed('l1', 'ss1'));
    await store.apply('OwnerLinkCreated', created('l3', 'sh3', 'b'));
    await store.apply('OwnerLinkRedeemed', redeemed('l3', 'ss3', 'b'));

    await store.apply('AgentDeleted', { agentId: 'a' });
    for (const [c, id] of [[OWNER_LINKS, 'sh1'], [OWNER_LINKS, 'sh2'], [OWNER_SESSIONS, 'ss1'], [OWNER_AGENTS, 'a']]) expect(store.doc(c, id)).toBeUndefined();
    expect(store.doc(OWNER_LINKS, 'sh3')).toBeDefined();
    expect(store.doc(OWNER_SESSIONS, 'ss3')).toBeDefined();
  });

  it('ignores the deletion of an agent that never had a link', async () => {
    const store = memoryStore();
    await store.apply('AgentDeleted', { agentId: 'z' });
    expect(store.size()).toBe(0);
  });
});
