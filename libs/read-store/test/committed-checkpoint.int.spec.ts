import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@companion/event-store';
import {
  Checkpoint,
  CHECKPOINTS,
  checkpointId,
  ProjectionEngine,
  ReadModels,
  SqliteReadStore,
} from '../src';
import { counted, tallies } from './support/tallies';

/**
 * `ReadModels.checkpoint` in the process that runs the engine: answered from the live loop's
 * committed checkpoints, equal to the store's, without reading the store; read from the store
 * again by a process without the engine, after a switch not yet seen, and once the engine stopped.
 */
describe('a read model checkpoint where the engine runs', () => {
  let events: SqliteEventStore;
  let store: SqliteReadStore;
  let engine: ProjectionEngine;
  const count = (stream: string) =>
    events.append(stream, [counted(stream, 'x', '2026-11-26T12:00:00.000Z')], 'any');
  const stored = async (generation: number) =>
    (await store.get<Checkpoint>(CHECKPOINTS, checkpointId('tallies', generation)))?.position;
  /** The store's reads of checkpoints while `read` runs. */
  async function checkpointReads<T>(read: () => Promise<T>): Promise<[T, number]> {
    const get = jest.spyOn(store, 'get');
    try {
      const result = await read();
      return [result, get.mock.calls.filter(([c]) => c === CHECKPOINTS).length];
    } finally {
      get.mockRestore();
    }
  }

  beforeEach(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'companion-committed-'));
    events = new SqliteEventStore({ filename: join(dir, 'events.db') });
    store = new SqliteReadStore(join(dir, 'read.db'));
    const projections = [tallies()];
    engine = new ProjectionEngine(events, store, projections, new ReadModels(store, projections), {
      now: () => new Date(),
      // The old generation's checkpoint stays while the tests look at it.
      dropGraceMs: 60_000,
    });
    await engine.start();
  });
  afterEach(async () => {
    await engine.stop();
    await events.close();
    await store.close();
  });

  it('is the committed checkpoint, from memory', async () => {
    await count('a');
    const { position } = await count('b');
    await engine.waitFor(position, 5000);
    const [checkpoint, reads] = await checkpointReads(() =>
      engine.readModels.checkpoint('tallies'),
    );
    expect(checkpoint).toBe(position);
    expect(await stored(1)).toBe(position);
    expect(reads).toBe(0);
  });

  it('never runs ahead of the store: it moves once the batch has committed', async () => {
    const first = await count('a');
    await engine.waitFor(first.position, 5000);
    // The next batch's write is held before it reaches the store.
    const write = store.write.bind(store);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let handedOver!: () => void;
    const reached = new Promise<void>((resolve) => (handedOver = resolve));
    jest.spyOn(store, 'write').mockImplementationOnce(async (writes, options) => {
      handedOver();
      await held;
      return write(writes, options);
    });
    const second = await count('b');
    await reached;
    // Read while the write is held, then let it go whatever they say (or nothing could stop).
    const whileHeld = await Promise.all([
      engine.readModels.checkpoint('tallies'),
      stored(1),
    ]).finally(release);
    expect(whileHeld).toEqual([first.position, first.position]);
    await engine.waitFor(second.position, 5000);
    expect(await engine.readModels.checkpoint('tallies')).toBe(second.position);
    expect(await stored(1)).toBe(second.position);
  });

  it('is read from the store by a process without the engine, and once the engine stopped', async () => {
    const { position } = await count('a');
    await engine.waitFor(position, 5000);
    const elsewhere = new ReadModels(store, [tallies()]);
    expect(await checkpointReads(() => elsewhere.checkpoint('tallies'))).toEqual([position, 1]);
    await engine.stop();
    expect(await checkpointReads(() => engine.readModels.checkpoint('tallies'))).toEqual([
      position,
      1,
    ]);
  });

  it('follows a rebuild to its generation, and reads the store for one it does not feed', async () => {
    const first = await count('a');
    await engine.rebuild('tallies');
    const { position } = await count('b');
    await engine.waitFor(position, 5000);
    expect(await checkpointReads(() => engine.readModels.checkpoint('tallies'))).toEqual([
      position,
      0,
    ]);
    expect(await stored(2)).toBe(position);
    // A generation the loop does not feed (the switch not yet made here): the store's answer.
    engine.readModels.setGeneration('tallies', 1, 1);
    expect(await checkpointReads(() => engine.readModels.checkpoint('tallies'))).toEqual([
      first.position,
      1,
    ]);
  });

  it('answers from memory again when the same engine starts again', async () => {
    const { position } = await count('a');
    await engine.waitFor(position, 5000);
    await engine.stop();
    await engine.start();
    expect(await checkpointReads(() => engine.readModels.checkpoint('tallies'))).toEqual([
      position,
      0,
    ]);
  });
});
