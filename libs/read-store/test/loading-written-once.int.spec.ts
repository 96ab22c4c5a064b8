import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@companion/event-store';
import { Projection, ProjectionEngine, ReadModels } from '../src';
import { SqliteReadStore } from '../src/embedded/sqlite-read-store';
import { indexesOf, look } from './support/read-file';
import { counted } from './support/tallies';

/**
 * A collection loaded with `writtenOnce` (matching's messages in a rebuild): its rows are named
 * without a map of its ids, so a read meanwhile scans by id, a delete is refused, and a second put
 * of an id is found by the id index at the load's end.
 */
describe('SqliteReadStore: a collection loaded written once', () => {
  let dir: string;
  let store: SqliteReadStore;
  const loadingOnce = { loading: true, writtenOnce: true } as const;
  const put = (_id: string, n: unknown) => ({
    collection: 'once',
    op: 'put' as const,
    doc: { _id, n },
  });
  const count = () => look(dir, (db) => db.prepare('SELECT count(*) FROM c_once').pluck().get());

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'companion-once-'));
    store = new SqliteReadStore(join(dir, 'read.db'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names its rows in write order, reads a document meanwhile, and ends with a unique id index', async () => {
    await store.ensureCollection('once', [], loadingOnce);
    const ids = Array.from({ length: 3000 }, () => randomUUID());
    await store.write(ids.map((id, i) => put(id, i)));
    expect(indexesOf(dir, 'once')).toEqual([]);
    expect(
      look(dir, (db) => db.prepare('SELECT id FROM c_once ORDER BY rowid').pluck().all()),
    ).toEqual(ids);
    // Read during the load (by a scan), and a missing one is missing.
    expect(await store.get('once', ids[2999])).toEqual({ _id: ids[2999], n: 2999 });
    expect(await store.getMany('once', [ids[7], 'none'])).toEqual([{ _id: ids[7], n: 7 }]);
    await store.ensureCollection('once');
    expect(indexesOf(dir, 'once')).toEqual(['id_once (unique)']);
    // Loaded: a put replaces, a delete deletes, as in any collection.
    await store.write([put(ids[7], 'again'), { collection: 'once', op: 'delete', id: ids[8] }]);
    expect(await store.getMany('once', [ids[7], ids[8]])).toEqual([{ _id: ids[7], n: 'again' }]);
  });

  it('refuses a delete while it loads, and writes nothing of that write', async () => {
    await store.ensureCollection('once', [], loadingOnce);
    await store.write([put('a', 1)]);
    await expect(
      store.write([put('b', 2), { collection: 'once', op: 'delete', id: 'a' }]),
    ).rejects.toThrow('once is written once while it loads: the delete of a is refused');
    expect(count()).toBe(1);
    expect(await store.get('once', 'a')).toEqual({ _id: 'a', n: 1 });
  });

  it('makes the end of its load fail when an id was put twice', async () => {
    await store.ensureCollection('once', [], loadingOnce);
    await store.write([put('a', 1), put('b', 2)]);
    await store.write([put('a', 3)]);
    // Two rows for one id: the unique id index cannot be made, and the load goes on.
    expect(count()).toBe(3);
    await expect(store.ensureCollection('once')).rejects.toThrow('schema change failed');
    expect(indexesOf(dir, 'once')).toEqual([]);
  });

  it('is an ordinary load without the option: a second put of an id replaces its row', async () => {
    await store.ensureCollection('once', [], { loading: true });
    await store.write([put('a', 1), put('b', 2)]);
    await store.write([put('a', 3)]);
    expect(count()).toBe(2);
    await store.ensureCollection('once');
    expect(await store.get('once', 'a')).toEqual({ _id: 'a', n: 3 });
  });

  it('is what a rebuild loads a collection declared written once with: a second put fails it', async () => {
    const events = new SqliteEventStore({ filename: join(dir, 'events.db') });
    // Puts one document per label: written once only while every label is new.
    const labels: Projection = {
      name: 'labels',
      version: 1,
      collections: [{ name: 'labels', writtenOnce: true }],
      eventTypes: ['Counted'],
      rebuildBatchSize: 1,
      apply: async (event, ctx) => {
        ctx.put('labels', { _id: (event.data as { label: string }).label });
      },
    };
    const engine = new ProjectionEngine(events, store, [labels], new ReadModels(store, [labels]), {
      now: () => new Date(),
      dropGraceMs: 0,
      onFatal: () => undefined,
    });
    try {
      await engine.start();
      await events.append('counter-a', [counted('counter-a', 'one')], 'no_stream');
      await engine.rebuild('labels');
      expect((await engine.status())[0]).toMatchObject({ generation: 2 });
      const last = await events.append('counter-a', [counted('counter-a', 'one')], 0);
      expect(await engine.waitFor(last.position, 5000)).toBe(true);
      // Live, a put replaces; a rebuild of the same log puts 'one' twice into its new generation.
      await expect(engine.rebuild('labels')).rejects.toThrow('schema change failed');
      expect((await engine.status())[0]).toMatchObject({ generation: 2, state: 'live' });
    } finally {
      await engine.stop();
      await events.close();
    }
  });
});
