import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@companion/event-store';
import { ManualClock } from '@companion/platform';
import { CheckInTelemetry, presenceStream } from '../src/application/check-in-telemetry';

/** Check-in telemetry against the real embedded event store: at most once a minute per agent. */
describe('check-in telemetry', () => {
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

  const checkIns = async () =>
    (await store.readStream(presenceStream('a1'))).map((e) => e.metadata.occurredAt);

  it('records once a minute, reading the stream only for its first check-in of an agent', async () => {
    const telemetry = new CheckInTelemetry(store, clock);
    expect(await telemetry.record('a1')).toBe(true);
    clock.advance(30_000);
    expect(await telemetry.record('a1')).toBe(false);
    clock.advance(31_000);
    expect(await telemetry.record('a1')).toBe(true);
    clock.advance(60_000);
    expect(await telemetry.record('a1')).toBe(true);
    expect(reads).toBe(1);
    expect(await checkIns()).toHaveLength(3);
  });

  it('two instances record one check-in a minute between them', async () => {
    const one = new CheckInTelemetry(store, clock);
    const two = new CheckInTelemetry(store, clock);
    expect(await one.record('a1')).toBe(true);
    clock.advance(61_000);
    expect(await two.record('a1')).toBe(true);
    clock.advance(1_000);
    // One remembers its own check-in 62 s ago; the stream holds the other's, 1 s ago.
    expect(await one.record('a1')).toBe(false);
    clock.advance(60_000);
    expect(await one.record('a1')).toBe(true);
    expect(await two.record('a1')).toBe(false);
    expect(await checkIns()).toHaveLength(3);
  });
});
