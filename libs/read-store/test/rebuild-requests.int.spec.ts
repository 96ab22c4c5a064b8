import {
  CATALOG,
  CHECKPOINTS,
  rebuildProgress,
  requestRebuild,
  SqliteReadStore,
  takeRebuildRequests,
  withdrawRebuildRequest,
} from '../src';

describe('rebuild requests (operator ↔ engine)', () => {
  it('is requested, taken once by the engine, followed to the switch, or withdrawn', async () => {
    const store = new SqliteReadStore(':memory:');
    const now = new Date('2026-11-21T12:00:00.000Z');
    await store.ensureCollection(CATALOG);
    await store.ensureCollection(CHECKPOINTS);
    expect(await requestRebuild(store, 'agents', now)).toBeUndefined();
    const entry = { _id: 'agents', activeGeneration: 2, version: 1, updatedAt: now.toISOString() };
    await store.write([{ collection: CATALOG, op: 'put', doc: entry }]);

    expect(await requestRebuild(store, 'agents', now)).toBe(2);
    expect(await rebuildProgress(store, 'agents', 2)).toEqual({ state: 'requested' });
    expect(await takeRebuildRequests(store, ['agents', 'feed'], now)).toEqual(['agents']);
    expect(await takeRebuildRequests(store, ['agents'], now)).toEqual([]);

    await store.write([
      { collection: CATALOG, op: 'put', doc: { ...entry, buildingGeneration: 3 } },
      { collection: CHECKPOINTS, op: 'put', doc: { _id: 'agents@3', position: 40, events: 7 } },
    ]);
    expect(await rebuildProgress(store, 'agents', 2)).toEqual({
      state: 'building',
      generation: 3,
      position: 40,
      events: 7,
    });
    await store.write([{ collection: CATALOG, op: 'put', doc: { ...entry, activeGeneration: 3 } }]);
    expect(await rebuildProgress(store, 'agents', 2)).toEqual({ state: 'switched', generation: 3 });

    await requestRebuild(store, 'agents', now);
    await withdrawRebuildRequest(store, 'agents');
    expect(await takeRebuildRequests(store, ['agents'], now)).toEqual([]);
    await store.close();
  });
});
