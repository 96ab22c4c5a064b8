import { randomUUID } from 'node:crypto';
import type { Projection } from '../src';
import { CHECKPOINTS, DEFAULT_REBUILD_BATCH_SIZE } from '../src';
import { FileStores } from './support/file-stores';

/** An entry per event: a batch's write holds one document per event, and its checkpoint. */
const entries = (name: string, rebuildBatchSize?: number): Projection => ({
  name,
  version: 1,
  collections: [{ name }],
  eventTypes: ['Counted'],
  rebuildBatchSize,
  async apply(event, ctx) {
    ctx.put(name, { _id: event.id, position: event.position });
  },
});

/**
 * How many events a rebuild applies per batch: the projection's own size, or the default, under
 * the engine's bound when it sets one.
 */
describe('the batches of a rebuild', () => {
  const t = new FileStores('companion-rebuild-batch-');
  beforeEach(() => t.open());
  afterEach(() => t.close());

  /** The documents of each of the rebuild's writes, its checkpoint left out. */
  async function rebuildBatches(
    projection: Projection,
    engineBatchSize: number | undefined,
    count = 30,
  ): Promise<number[]> {
    const { events, store } = t;
    const engine = t.newEngine(projection, { rebuildBatchSize: engineBatchSize });
    await engine.start();
    const event = () => ({
      id: randomUUID(),
      type: 'Counted',
      data: {},
      metadata: { occurredAt: '2026-11-27T12:00:00.000Z' },
    });
    let last = 0;
    for (let i = 0; i < 3; i++) {
      const share = Math.floor(count / 3) + (i < count % 3 ? 1 : 0);
      last = (await events.append(`counter-${i}`, Array.from({ length: share }, event), 'any'))
        .position;
    }
    // The live loop applies up to 50 010 events first, on a CI machine running other suites.
    expect(await engine.waitFor(last, 60_000)).toBe(true);
    const sizes: number[] = [];
    const write = store.write.bind(store);
    jest.spyOn(store, 'write').mockImplementation((writes, options) => {
      if (options?.unshared) sizes.push(writes.filter((w) => w.collection !== CHECKPOINTS).length);
      return write(writes, options);
    });
    await engine.rebuild(projection.name);
    expect(await store.count(`${projection.name}_g2`)).toBe(count);
    return sizes;
  }

  it("are the projection's own size when it asks for fewer events than the engine", async () => {
    expect(await rebuildBatches(entries('small', 7), 20)).toEqual([7, 7, 7, 7, 2]);
  });

  it("are the engine's size for a projection that asks for none, when below the default", async () => {
    expect(await rebuildBatches(entries('plain'), 20)).toEqual([20, 10]);
  });

  it('are the default for a projection that asks for none, and more for one that asks', async () => {
    const count = DEFAULT_REBUILD_BATCH_SIZE + 10;
    expect(await rebuildBatches(entries('plain'), undefined, count)).toEqual([
      DEFAULT_REBUILD_BATCH_SIZE,
      10,
    ]);
    await t.close();
    t.open();
    expect(await rebuildBatches(entries('large', count), undefined, count)).toEqual([count]);
  }, 180_000);

  it('are never larger than the engine allows', async () => {
    expect(await rebuildBatches(entries('large', 50), 12)).toEqual([12, 12, 6]);
  });

  it('refuses, at once, a size no batch could be filled to', () => {
    const make = (
      projection: Projection,
      options: { batchSize?: number; rebuildBatchSize?: number },
    ) => t.newEngine(projection, options);
    for (const size of [0, -1, 2.5, Number.NaN])
      expect(() => make(entries('bad', size), {})).toThrow(
        `bad.rebuildBatchSize must be a positive integer, got ${size}`,
      );
    expect(() => make(entries('ok'), { rebuildBatchSize: 0 })).toThrow(
      'rebuildBatchSize must be a positive integer, got 0',
    );
    expect(() => make(entries('ok'), { batchSize: 1.5 })).toThrow(
      'batchSize must be a positive integer, got 1.5',
    );
    expect(() => make(entries('ok', 1), { batchSize: 1, rebuildBatchSize: 1 })).not.toThrow();
  });
});
