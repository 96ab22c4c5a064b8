import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventStore, SqliteEventStore } from '@companion/event-store';
import {
  CHECKPOINTS,
  checkpointId,
  Doc,
  Projection,
  ProjectionEngine,
  ReadModels,
  readProjectionProgress,
  SqliteReadStore,
} from '../src';
import { indexesOf } from './support/read-file';
import { counted, other, Tally, tallies, until } from './support/tallies';

describe('ProjectionEngine', () => {
  let dir: string;
  let events: EventStore;
  let store: SqliteReadStore;
  const engines: ProjectionEngine[] = [];
  let fatal: Array<[string, string]> = [];
  const meta = { occurredAt: '2026-11-21T12:00:00.000Z' };
  const count = (stream: string, label: string) =>
    events.append(stream, [counted(stream, label)], 'any');
  const noise = (stream: string) =>
    events.append(stream, [{ id: randomUUID(), type: 'Ignored', data: {}, metadata: meta }], 'any');

  async function startEngine(
    projections: Projection[],
    dropGraceMs = 0,
    rebuildBatchSize?: number,
  ): Promise<ProjectionEngine> {
    const engine = new ProjectionEngine(
      events,
      store,
      projections,
      new ReadModels(store, projections),
      {
        now: () => new Date(),
        dropGraceMs,
        rebuildBatchSize,
        onFatal: (c, r) => fatal.push([c, r]),
      },
    );
    engines.push(engine);
    await engine.start();
    return engine;
  }

  beforeEach(() => {
    fatal = [];
    dir = mkdtempSync(join(tmpdir(), 'companion-proj-'));
    events = new SqliteEventStore({ filename: join(dir, 'events.db') });
    store = new SqliteReadStore(join(dir, 'read.db'));
  });
  afterEach(async () => {
    for (const e of engines.splice(0)) await e.stop();
    await events.close();
    await store.close();
  });

  it('projects events and lets a writer wait until its write is visible', async () => {
    const engine = await startEngine([tallies()]);
    await count('counter-a', 'one');
    await noise('counter-a');
    const { position } = await count('counter-a', 'two');
    expect(await engine.waitFor(position, 2000)).toBe(true);
    expect(await engine.readModels.get<Tally>('tallies', 'counter-a')).toMatchObject({
      count: 2,
      last: 'two',
    });
    const [status] = await engine.status();
    expect(status).toMatchObject({
      name: 'tallies',
      checkpoint: position,
      lag: 0,
      state: 'live',
      generation: 1,
    });
  });

  it('resumes from its checkpoint after a restart without applying anything twice', async () => {
    let engine = await startEngine([tallies()]);
    await count('counter-a', 'one');
    const r = await count('counter-b', 'one');
    await engine.waitFor(r.position, 2000);
    await engine.stop();
    const r2 = await count('counter-a', 'two');
    engine = await startEngine([tallies()]);
    expect(await engine.waitFor(r2.position, 2000)).toBe(true);
    expect((await engine.readModels.get<Tally>('tallies', 'counter-a'))?.count).toBe(2);
    expect((await engine.readModels.get<Tally>('tallies', 'counter-b'))?.count).toBe(1);
  });

  it('is idempotent: replaying events already applied (a lost checkpoint) changes nothing', async () => {
    let engine = await startEngine([tallies(), other]);
    await count('counter-a', 'one');
    await count('counter-a', 'two');
    const r = await count('counter-b', 'one');
    await engine.waitFor(r.position, 2000);
    await engine.stop();
    // As if the documents were written but the checkpoints were not (MongoDB's non-atomic case).
    await store.write([
      {
        collection: CHECKPOINTS,
        op: 'put',
        doc: { _id: checkpointId('tallies', 1), position: 0, updatedAt: '' },
      },
      {
        collection: CHECKPOINTS,
        op: 'put',
        doc: { _id: checkpointId('labels', 1), position: 0, updatedAt: '' },
      },
    ]);
    engine = await startEngine([tallies(), other]);
    expect(await engine.waitFor(r.position, 2000)).toBe(true);
    expect((await engine.readModels.get<Tally>('tallies', 'counter-a'))?.count).toBe(2);
    // Documents written by `put` are written again in log order: the last event's version stays.
    expect(await engine.readModels.get('labels', 'one')).toMatchObject({
      stream: 'counter-b',
      _pos: r.position,
    });
  });

  it('rebuilds a projection beside the live one and switches to an equal copy', async () => {
    const engine = await startEngine([tallies(), other]);
    let last = 0;
    for (let i = 0; i < 300; i++) last = (await count(`counter-${i % 7}`, `l${i % 5}`)).position;
    await engine.waitFor(last, 5000);
    const before = await engine.readModels.find<Tally>('tallies', {}, { sort: [['_id', 1]] });
    const rebuilding = engine.rebuild('tallies');
    // Writes keep coming while the rebuild runs.
    for (let i = 0; i < 20; i++) last = (await count(`counter-${i % 7}`, 'late')).position;
    await rebuilding;
    expect(await engine.waitFor(last, 5000)).toBe(true);
    const [status] = await engine.status();
    expect(status).toMatchObject({ generation: 2, state: 'live', checkpoint: last });
    const after = await engine.readModels.find<Tally>('tallies', {}, { sort: [['_id', 1]] });
    expect(after.reduce((n, t) => n + t.count, 0)).toBe(320);
    expect(after.map((t) => t._id)).toEqual(before.map((t) => t._id));
    // The new generation was loaded (LoadingCollections): its load ended with its id index.
    expect(indexesOf(dir, 'tallies_g2')).toContain('id_tallies_g2 (unique)');
    await until(async () => !(await store.listCollections()).includes('tallies_g1'));
    const collections = await store.listCollections();
    expect(collections).toContain('tallies_g2');
    expect(collections).toContain('labels_g1');
  });

  it('commits no rebuild batch after one whose write failed, and keeps serving the live one', async () => {
    const engine = await startEngine([tallies()], 0, 50);
    const positions: number[] = [];
    for (let i = 0; i < 300; i++) positions.push((await count(`counter-${i % 7}`, 'x')).position);
    expect(await engine.waitFor(positions[299], 5000)).toBe(true);
    // Batches of 50 events, all of them Counted. The third batch's write fails once the second has
    // committed; the fourth is handed to the store before that failure is known (it is serialised
    // meanwhile) and must not be written.
    const write = store.write.bind(store);
    let unshared = 0;
    jest
      .spyOn(store, 'write')
      .mockImplementation((writes, options) =>
        options?.unshared && ++unshared === 3
          ? Promise.resolve(options.after).then(() => Promise.reject(new Error('disk full')))
          : write(writes, options),
      );
    await expect(engine.rebuild('tallies')).rejects.toThrow('disk full');
    expect(unshared).toBe(4);
    const [checkpoint] = await store.find<{ position: number } & Doc>(CHECKPOINTS, {
      _id: checkpointId('tallies', 2),
    });
    expect(checkpoint.position).toBe(positions[99]);
    const [status] = await engine.status();
    expect(status).toMatchObject({ generation: 1, state: 'live', checkpoint: positions[299] });
    expect((await engine.readModels.get<Tally>('tallies', 'counter-0'))?.count).toBe(43);
  });

  it('does not drop, once the grace is over, the generation a new rebuild is building', async () => {
    // A rebuild that failed (or a process stopped during one) leaves its generation behind; the
    // next start retires it, and the next rebuild builds into the same generation number.
    let engine = await startEngine([tallies()]);
    let last = 0;
    for (let i = 0; i < 400; i++) last = (await count(`counter-${i % 7}`, 'x')).position;
    expect(await engine.waitFor(last, 5000)).toBe(true);
    const write = store.write.bind(store);
    const failing = jest
      .spyOn(store, 'write')
      .mockImplementation((writes, options) =>
        options?.unshared ? Promise.reject(new Error('disk full')) : write(writes, options),
      );
    await expect(engine.rebuild('tallies')).rejects.toThrow('disk full');
    failing.mockRestore();
    await engine.stop();
    expect(await store.listCollections()).toContain('tallies_g2');
    const grace = 300;
    engine = await startEngine([tallies()], grace, 50);
    // The retirement's timer fires while the rebuild runs (8 batches of 50 events, each held back
    // 60 ms: longer than the grace).
    jest
      .spyOn(store, 'write')
      .mockImplementation((writes, options) =>
        options?.unshared
          ? new Promise((resolve) => setTimeout(resolve, 60)).then(() => write(writes, options))
          : write(writes, options),
      );
    await engine.rebuild('tallies');
    const [status] = await engine.status();
    expect(status).toMatchObject({ generation: 2, state: 'live', checkpoint: last });
    await new Promise((resolve) => setTimeout(resolve, 2 * grace));
    expect(await store.listCollections()).toContain('tallies_g2');
    const rebuilt = await engine.readModels.find<Tally>('tallies', {});
    expect(rebuilt.reduce((n, t) => n + t.count, 0)).toBe(400);
  });

  it('keeps the old generation through the grace period after a switch, then drops it', async () => {
    const engine = await startEngine([tallies()], 60_000);
    const r = await count('counter-1', 'a');
    await engine.waitFor(r.position, 2000);
    await engine.rebuild('tallies');
    // An instance that has not polled the catalog yet still reads generation 1.
    expect(await store.get('tallies_g1', 'counter-1')).toMatchObject({ count: 1 });
    expect(await store.get(CHECKPOINTS, checkpointId('tallies', 1))).not.toBeNull();
    // Stopped within the grace period: the next start drops what was left, after its own grace.
    await engine.stop();
    await startEngine([tallies()], 50);
    // The drop is two writes (the collection, then its checkpoint): wait for the second.
    await until(
      async () =>
        !(await store.listCollections()).includes('tallies_g1') &&
        (await store.get(CHECKPOINTS, checkpointId('tallies', 1))) === null,
    );
    expect(await store.get('tallies_g2', 'counter-1')).toMatchObject({ count: 1 });
  });

  it('rebuilds on start when the projection code has a new version', async () => {
    const engine = await startEngine([tallies(1)]);
    const r = await count('counter-a', 'one');
    await engine.waitFor(r.position, 2000);
    await engine.stop();
    const started = await startEngine([tallies(2)]);
    // The status shows version 2 from the switch on (the query side's: read-models-version spec).
    await until(
      async () => (await started.readModels.get<Tally>('tallies', 'counter-a'))?.count === 10,
    );
    expect((await started.status())[0]).toMatchObject({ version: 2, generation: 2 });
  });

  it('applies two updates of one document by the same event (not mistaken for a replay)', async () => {
    const twice: Projection = {
      name: 'twice',
      version: 1,
      collections: [{ name: 'twice' }],
      eventTypes: ['Counted'],
      async apply(event, ctx) {
        for (let i = 0; i < 2; i++)
          await ctx.update<Tally>('twice', 'total', (t) => ({
            _id: 'total',
            count: (t?.count ?? 0) + 1,
            last: event.id,
          }));
      },
    };
    const engine = await startEngine([twice]);
    await count('counter-a', 'one');
    const r = await count('counter-a', 'two');
    await engine.waitFor(r.position, 2000);
    expect((await engine.readModels.get<Tally>('twice', 'total'))?.count).toBe(4);
  });

  it('stops a failing projection where it is, and keeps the others going', async () => {
    const engine = await startEngine([
      tallies(1, (e) => (e.data as { label: string }).label === 'poison'),
      other,
    ]);
    await count('counter-a', 'fine');
    await count('counter-a', 'poison');
    const r = await count('counter-a', 'after');
    expect(await engine.waitFor(r.position, 2000)).toBe(true);
    expect(await engine.readModels.get('labels', 'after')).not.toBeNull();
    const status = await engine.status();
    expect(status.find((s) => s.name === 'tallies')).toMatchObject({ state: 'failed' });
    expect(status.find((s) => s.name === 'tallies')?.error).toMatch(/boom/);
    // Recorded in the catalog, where API instances and `cli status` read it.
    await until(async () =>
      (await readProjectionProgress(store, ['tallies', 'labels'], r.position)).some(
        (p) => p.state === 'failed',
      ),
    );
    const [tally, labels] = await readProjectionProgress(store, ['tallies', 'labels'], r.position);
    expect(tally).toMatchObject({ state: 'failed', error: expect.stringMatching(/boom/) });
    expect(labels.state).toBe('live');
    expect(fatal).toEqual([['projection tallies', expect.stringMatching(/boom/)]]);
  });
});
