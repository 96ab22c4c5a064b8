import { randomUUID } from 'node:crypto';
import { AccessDeniedError, UnknownError } from '@kurrent/kurrentdb-client';
import { RecordedEvent } from '@companion/event-store';
import { EsdbEventStore } from '@companion/event-store/esdb';
import { KurrentDbStandIn } from '../../event-store/src/testing/kurrentdb-stand-in';
import { ProcessHealth } from '../src/health/process-health';
import { LiveLog } from '../src/live/live-log';
import { until } from './support/until';

const event = (n: number) => ({
  id: randomUUID(),
  type: 'Happened',
  data: { n },
  metadata: { occurredAt: '2026-11-21T12:00:00.000Z' },
});

describe('LiveLog over a failing KurrentDB connection (stand-in client)', () => {
  let client: KurrentDbStandIn;
  let store: EsdbEventStore;
  let health: ProcessHealth;
  let live: LiveLog;

  beforeEach(async () => {
    client = new KurrentDbStandIn();
    store = new EsdbEventStore(client, {
      subscription: { backoff: { initialMs: 1, maxMs: 4 }, bufferSize: 64 },
    });
    await store.append('item-0', [event(0)], 'no_stream');
    health = new ProcessHealth();
    live = new LiveLog(store, health);
  });
  afterEach(async () => {
    await live.onApplicationShutdown();
    await store.close();
  });

  it('keeps delivering, in order and once, across faults the subscription survives', async () => {
    client.subscriptionFaults = [
      { after: 0, error: new UnknownError(undefined, 'internal') },
      { after: 1, error: new UnknownError(undefined, 'internal') },
    ];
    await live.onApplicationBootstrap();
    const seen: RecordedEvent[] = [];
    live.listen((e) => seen.push(e));
    for (let i = 1; i <= 4; i++) await store.append(`item-${i}`, [event(i)], 'no_stream');
    await until(() => seen.length >= 4);
    expect(seen.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4]);
    expect(health.failures()).toEqual([]);
  });

  it('reports a subscription that ended for good to ProcessHealth, naming live-log', async () => {
    client.subscriptionFaults = [{ after: 0, error: new AccessDeniedError(undefined, 'denied') }];
    const fatal = jest.fn();
    health.onFatal(fatal);
    await live.onApplicationBootstrap();
    await until(() => health.failures().length > 0);
    expect(health.failures()).toEqual([
      { component: 'live-log', reason: expect.stringContaining('denied'), restart: true },
    ]);
    expect(fatal).toHaveBeenCalledTimes(1);
  });

  it('reports nothing when it stops because the process does', async () => {
    await live.onApplicationBootstrap();
    await live.onApplicationShutdown();
    expect(health.failures()).toEqual([]);
  });
});
