import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@companion/event-store';
import { EventSourcedCommands, ManualClock } from '@companion/platform';
import { presenceStream } from '../src/application/presence-stream';
import { presenceDecider } from '../src/domain/presence';
import { RecordCheckIn } from '../src/commands/record-check-in/record-check-in.command';
import { RecordCheckInHandler } from '../src/commands/record-check-in/record-check-in.handler';

/** Check-in telemetry through the command loop against the real embedded event store. */
describe('RecordCheckIn', () => {
  let store: SqliteEventStore;
  let reads: number;
  const clock = new ManualClock();

  beforeEach(() => {
    store = new SqliteEventStore({
      filename: join(mkdtempSync(join(tmpdir(), 'companion-presence-')), 'events.db'),
    });
    reads = 0;
    const readStream = store.readStream.bind(store);
    // Counts the stream reads the telemetry makes; the reads themselves are the store's own.
    store.readStream = (...args) => {
      reads++;
      return readStream(...args);
    };
  });
  afterEach(() => store.close());

  const loopOver = () =>
    new EventSourcedCommands(
      store,
      clock,
      { waitFor: () => Promise.reject(new Error('the telemetry waits for no read model')) },
      { freezeShared: true },
    );
  /** One API instance: its own command loop and handler over the shared store. */
  const instance = (loop = loopOver()) => {
    const handler = new RecordCheckInHandler(loop, clock);
    return (agentId = 'a1') => handler.execute(new RecordCheckIn(agentId));
  };
  const checkIns = async () =>
    (await store.readStream(presenceStream('a1'))).map((e) => e.metadata.occurredAt);

  it('records once a minute, reading the stream only for its first check-in of an agent', async () => {
    const record = instance();
    expect(await record()).toBe(true);
    clock.advance(30_000);
    expect(await record()).toBe(false);
    clock.advance(31_000);
    expect(await record()).toBe(true);
    clock.advance(60_000);
    expect(await record()).toBe(true);
    expect(reads).toBe(1);
    expect(await checkIns()).toHaveLength(3);
  });

  it("leaves the command loop's shared stream states to the other streams", async () => {
    const loop = loopOver();
    const record = instance(loop);
    for (const agentId of ['a1', 'a2', 'a3']) await record(agentId);
    clock.advance(61_000);
    for (const agentId of ['a1', 'a2', 'a3']) await record(agentId);
    expect(reads).toBe(3);
    // The same loop, asked without the handler's memo, has nothing of these streams: it reads.
    clock.advance(61_000);
    await loop.handle(
      presenceStream('a1'),
      presenceDecider,
      { type: 'RecordCheckIn', agentId: 'a1', at: clock.now().toISOString() },
      {},
      { awaitReadModels: false },
    );
    expect(reads).toBe(4);
  });

  it('two instances record one check-in a minute between them', async () => {
    const one = instance();
    const two = instance();
    expect(await one()).toBe(true);
    clock.advance(61_000);
    expect(await two()).toBe(true);
    clock.advance(1_000);
    // One remembers its own check-in 62 s ago; the stream holds the other's, 1 s ago.
    expect(await one()).toBe(false);
    clock.advance(60_000);
    expect(await one()).toBe(true);
    expect(await two()).toBe(false);
    expect(await checkIns()).toHaveLength(3);
  });

  it('two pulses of one agent at once, a minute after its last check-in, record one', async () => {
    const record = instance();
    expect(await record()).toBe(true);
    clock.advance(61_000);
    expect((await Promise.all([record(), record()])).sort()).toEqual([false, true]);
    expect(await checkIns()).toHaveLength(2);
    clock.advance(30_000);
    expect(await record()).toBe(false);
  });

  it('a first check-in on a long stream reads its last event only', async () => {
    const first = instance();
    for (let i = 0; i < 5; i++) {
      expect(await first()).toBe(true);
      clock.advance(60_000);
    }
    const readOptions: unknown[] = [];
    const readStream = store.readStream.bind(store);
    store.readStream = (name, options) => {
      readOptions.push(options);
      return readStream(name, options);
    };
    // A new process: nothing remembered.
    expect(await instance()()).toBe(true);
    expect(readOptions).toEqual([{ direction: 'backwards', maxCount: 1 }]);
    expect(await checkIns()).toHaveLength(6);
  });

  it('never fails the pulse: a store that fails gives false', async () => {
    const record = instance();
    store.append = () => Promise.reject(new Error('disk full'));
    await expect(record()).resolves.toBe(false);
  });
});
