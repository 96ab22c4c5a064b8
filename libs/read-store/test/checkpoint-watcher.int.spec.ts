import { CATALOG, CHECKPOINTS, CheckpointWatcher, ReadModels, SqliteReadStore } from '../src';

describe('CheckpointWatcher', () => {
  it('serves every waiting write from one poll loop, and times out the ones not reached', async () => {
    const store = new SqliteReadStore(':memory:');
    let reads = 0;
    const getMany = store.getMany.bind(store);
    store.getMany = ((c: string, ids: readonly string[]) => (reads++, getMany(c, ids))) as never;
    await store.ensureCollection(CATALOG);
    await store.ensureCollection(CHECKPOINTS);
    await store.write([
      { collection: CATALOG, op: 'put', doc: { _id: 'p', activeGeneration: 1, version: 1 } },
      { collection: CATALOG, op: 'put', doc: { _id: 'q', activeGeneration: 2, version: 1 } },
      { collection: CHECKPOINTS, op: 'put', doc: { _id: 'p@1', position: 3 } },
      { collection: CHECKPOINTS, op: 'put', doc: { _id: 'q@2', position: 3 } },
    ]);
    const watcher = new CheckpointWatcher(store, new ReadModels(store, []), ['p', 'q'], 20);
    const waiting = Array.from({ length: 300 }, (_, i) => watcher.waitFor(4 + (i % 2), 30_000));
    const never = watcher.waitFor(99, 200);
    await new Promise((r) => setTimeout(r, 100));
    await store.write([
      { collection: CHECKPOINTS, op: 'put', doc: { _id: 'p@1', position: 5 } },
      { collection: CHECKPOINTS, op: 'put', doc: { _id: 'q@2', position: 7 } },
    ]);
    expect(new Set(await Promise.all(waiting))).toEqual(new Set([true]));
    expect(await never).toBe(false);
    // Two reads a poll (catalog, checkpoints), a poll every 20 ms: far fewer than one per waiter.
    expect(reads).toBeLessThan(100);
    // Known reached: answered without reading.
    const before = reads;
    expect(await watcher.waitFor(5, 1000)).toBe(true);
    expect(reads).toBe(before);
    watcher.stop();
    await store.close();
  });
});
