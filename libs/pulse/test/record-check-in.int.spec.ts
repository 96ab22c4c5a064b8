import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@companion/event-store';
import { EventSourcedCommands, ManualClock } from '@companion/platform';
import { PresenceDirectory } from '../src/application/presence-directory';
import { presenceStream } from '../src/application/presence-stream';
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

  /** One API instance: its own command loop and handler over the shared store, started now. */
  const instance = async (eventStoreUrl?: string) => {
    const loop = new EventSourcedCommands(
      store,
      clock,
      { waitFor: () => Promise.reject(new Error('the telemetry waits for no read model')) },
      { freezeShared: true },
    );
    const directory = new PresenceDirectory(store, { eventStoreUrl });
    await directory.scan();
    const handler = new RecordCheckInHandler(loop, clock, directory);
    return (agentId = 'a1') => handler.execute(new RecordCheckIn(agentId));
  };
  const checkIns = async () =>
    (await store.readStream(presenceStream('a1'))).map((e) => e.metadata.occurredAt);

  it('records once a minute, reading the stream only for its first check-in of an agent', async () => {
    expect(await (await instance())()).toBe(true);
    clock.advance(61_000);
    const record = await instance(); // a process started since: the stream existed at its listing
    reads = 0;
    expect(await record()).toBe(true);
    clock.advance(30_000);
    expect(await record()).toBe(false);
    clock.advance(31_000);
    expect(await record()).toBe(true);
    clock.advance(60_000);
    expect(await record()).toBe(true);
    expect(reads).toBe(1);
    expect(await checkIns()).toHaveLength(4);
  });

  it('two instances record one check-in a minute between them', async () => {
    const one = await instance();
    const two = await instance();
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

  it('a first check-in on a long stream reads its last event only', async () => {
    const first = await instance();
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
    expect(await (await instance())()).toBe(true);
    expect(readOptions).toEqual([{ direction: 'backwards', maxCount: 1 }]);
    expect(await checkIns()).toHaveLength(6);
  });

  it('reads nothing for the first check-in of an agent that had no presence stream at start-up', async () => {
    const record = await instance();
    expect(await record()).toBe(true);
    clock.advance(61_000);
    expect(await record()).toBe(true);
    expect(reads).toBe(0);
    expect(await checkIns()).toHaveLength(2);
  });

  it('lists nothing on KurrentDB, whose stream listing is best effort: the first check-in reads', async () => {
    const record = await instance('kurrentdb://localhost:2113?tls=false');
    expect(await record()).toBe(true);
    expect(reads).toBe(1);
  });

  it('a stream that existed at start-up is read before the first check-in, as before', async () => {
    expect(await (await instance())()).toBe(true);
    clock.advance(30_000);
    reads = 0;
    // A new process within the minute: the stream's last check-in holds this one back.
    expect(await (await instance())()).toBe(false);
    expect(reads).toBe(1);
    expect(await checkIns()).toHaveLength(1);
  });

  it('a stream another instance created after the listing: the guess fails, one check-in a minute holds', async () => {
    const one = await instance();
    const two = await instance(); // listed when a1 had no stream
    expect(await one()).toBe(true);
    clock.advance(1_000);
    expect(await two()).toBe(false);
    expect(await checkIns()).toHaveLength(1);
    clock.advance(60_000);
    expect(await two()).toBe(true);
    expect(await one()).toBe(false);
    expect(await checkIns()).toHaveLength(2);
  });

  it('never fails the pulse: a store that fails gives false', async () => {
    const record = await instance();
    store.append = () => Promise.reject(new Error('disk full'));
    await expect(record()).resolves.toBe(false);
  });
});
