import { randomUUID } from 'node:crypto';
import {
  AccessDeniedError,
  CancelledError,
  DeadlineExceededError,
  NotLeaderError,
  UnavailableError,
  UnknownError,
} from '@kurrent/kurrentdb-client';
import { EsdbEventStore } from '../src/esdb/esdb-event-store';
import {
  AppendOutcomeUnknownError,
  NewEvent,
  RecordedEvent,
  Subscription,
  WrongExpectedRevisionError,
} from '../src/event-store.port';
import { KurrentDbStandIn } from '../src/testing/kurrentdb-stand-in';

/**
 * The KurrentDB adapter under faults, against a stand-in of the client that throws the client's
 * own error classes (imported from `@kurrent/kurrentdb-client`) at chosen points. No server runs
 * here: these tests prove the adapter's handling of what the client reports, not the server.
 */
const fast = {
  append: { attempts: 4, backoff: { initialMs: 1, maxMs: 4 } },
  subscription: { backoff: { initialMs: 1, maxMs: 4 }, bufferSize: 4096 },
};

const event = (n: number): NewEvent => ({
  id: randomUUID(),
  type: 'Happened',
  data: { n },
  metadata: { occurredAt: '2026-11-21T12:00:00.000Z' },
});

/** The client's transient errors, as the client itself builds them from a gRPC error. */
const transient = (): Error[] => [
  new UnavailableError(undefined, 'connection dropped'),
  new UnknownError(undefined, 'gRPC INTERNAL: server restarting'),
  new CancelledError(undefined, 'call cancelled'),
  new DeadlineExceededError(undefined, 'deadline exceeded'),
  new NotLeaderError({
    message: 'not leader',
    code: 0,
    details: '',
    metadata: { getMap: () => ({ 'leader-endpoint-host': 'a', 'leader-endpoint-port': '1' }) },
  } as never),
];

async function take(sub: Subscription, n: number): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  for await (const e of sub) {
    out.push(e);
    if (out.length === n) break;
  }
  return out;
}

describe('KurrentDB adapter under faults (stand-in client, real client error classes)', () => {
  let client: KurrentDbStandIn;
  let store: EsdbEventStore;

  beforeEach(() => {
    client = new KurrentDbStandIn();
    store = new EsdbEventStore(client, fast);
  });
  afterEach(() => store.close());

  describe('append', () => {
    it.each(transient().map((e) => [e.constructor.name, e]))(
      'an append whose answer was lost (%s) is retried with the same ids and lands once',
      async (_name, error) => {
        const events = [event(1), event(2)];
        client.appendFaults.push({ when: 'after', error });
        const result = await store.append('order-1', events, 'no_stream');
        expect(client.appendRequests).toEqual([events.map((e) => e.id), events.map((e) => e.id)]);
        const stored = await store.readStream('order-1');
        expect(stored.map((e) => e.id)).toEqual(events.map((e) => e.id));
        expect(result).toEqual({ nextRevision: 1, position: stored[1].position });
      },
    );

    it('an append that failed before landing is sent again and lands once', async () => {
      const events = [event(1)];
      client.appendFaults.push(
        { when: 'before', error: new UnavailableError(undefined, 'down') },
        { when: 'before', error: new UnknownError(undefined, 'internal') },
      );
      const result = await store.append('order-2', events, 'no_stream');
      expect(client.appendRequests).toHaveLength(3);
      expect(result.nextRevision).toBe(0);
      expect(await store.readStream('order-2')).toHaveLength(1);
    });

    it('a retry refused by another writer that came first is a conflict, not a success', async () => {
      await store.append('order-3', [event(0)], 'no_stream');
      client.appendFaults.push({
        when: 'before',
        error: new UnavailableError(undefined, 'down'),
      });
      const mine = [event(1)];
      const pending = store.append('order-3', mine, 0);
      await client.appendToStream(
        'order-3',
        [{ ...event(9), contentType: 'application/json' } as never],
        { streamState: 0n },
      );
      await expect(pending).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.readStream('order-3')).map((e) => e.id)).not.toContain(mine[0].id);
    });

    it('a lost answer whose retry meets a stream moved on finds its events and succeeds', async () => {
      // The first attempt lands but its answer is lost; before the retry another writer appends,
      // and this (strict) server refuses the retry: the adapter reads the stream to tell.
      await store.append('order-4', [event(0)], 'no_stream');
      const mine = [event(1)];
      client.appendFaults.push({ when: 'after', error: new DeadlineExceededError(undefined, 't') });
      const write = client.appendToStream.bind(client);
      let calls = 0;
      client.appendToStream = async (...args: Parameters<typeof write>) => {
        calls += 1;
        if (calls === 2) {
          await write('order-4', [{ ...event(9), contentType: 'application/json' } as never], {
            streamState: 1n,
          });
          throw new (await import('@kurrent/kurrentdb-client')).WrongExpectedVersionError(
            undefined,
            {
              streamName: 'order-4',
              expected: 0n,
              current: 2n,
            },
          );
        }
        return write(...args);
      };
      const result = await store.append('order-4', mine, 0);
      const stored = await store.readStream('order-4');
      expect(stored.map((e) => e.id)).toEqual([expect.any(String), mine[0].id, expect.any(String)]);
      expect(result).toEqual({ nextRevision: 1, position: stored[1].position });
    });

    it('an append that fails every try reports its outcome unknown', async () => {
      for (let i = 0; i < fast.append.attempts; i++)
        client.appendFaults.push({
          when: 'before',
          error: new UnavailableError(undefined, 'down'),
        });
      await expect(store.append('order-5', [event(1)], 'no_stream')).rejects.toBeInstanceOf(
        AppendOutcomeUnknownError,
      );
      expect(client.appendRequests).toHaveLength(fast.append.attempts);
    });

    it('an error about the request itself is not retried', async () => {
      client.appendFaults.push({ when: 'before', error: new AccessDeniedError(undefined, 'no') });
      await expect(store.append('order-6', [event(1)], 'no_stream')).rejects.toBeInstanceOf(
        AccessDeniedError,
      );
      expect(client.appendRequests).toHaveLength(1);
    });
  });

  describe('subscribeToAll', () => {
    it.each(transient().map((e) => [e.constructor.name, e]))(
      'resubscribes after %s from the last event seen: nothing lost, nothing twice',
      async (_name, error) => {
        for (let i = 0; i < 5; i++) await store.append(`item-${i}`, [event(i)], 'no_stream');
        client.writeSystemEvent();
        client.subscriptionFaults = [
          { after: 2, error },
          { after: 0, error },
          { after: 3, error },
        ];
        client.resendAtCursor = true;
        const sub = store.subscribeToAll({ after: 0 });
        const seen = take(sub, 9);
        await new Promise((r) => setTimeout(r, 20));
        for (let i = 5; i < 9; i++) await store.append(`item-${i}`, [event(i)], 'no_stream');
        const got = await seen;
        await sub.close();
        expect(got.map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
        expect(client.subscriptionsOpened.length).toBeGreaterThanOrEqual(4);
        // Each resubscription starts after an event already received, never from the start again
        // (events the client had buffered but not handed over when it failed are read again).
        const cursors = client.subscriptionsOpened.map((s) =>
          typeof s.fromPosition === 'object' ? Number(s.fromPosition.commit) : 0,
        );
        const positions = new Set(got.map((e) => e.position));
        for (const [i, c] of cursors.entries()) {
          if (i > 0) expect(c).toBeGreaterThanOrEqual(cursors[i - 1]);
          if (c > 0) expect(positions.has(c)).toBe(true);
        }
      },
    );

    it('resumes in batches too, and asks the client for a large buffer', async () => {
      for (let i = 0; i < 50; i++) await store.append(`item-${i}`, [event(i)], 'no_stream');
      client.subscriptionFaults = [{ after: 20, error: new UnknownError(undefined, 'internal') }];
      const sub = store.subscribeToAll({ after: 0 });
      const got: number[] = [];
      for await (const batch of sub.batches(1000)) {
        got.push(...batch.map((e) => (e.data as { n: number }).n));
        if (got.length >= 50) break;
      }
      await sub.close();
      expect(got).toEqual([...Array(50).keys()]);
      expect(client.subscriptionsOpened[0].highWaterMark).toBe(4096);
    });

    it('ends with the error when access is denied: resubscribing cannot help', async () => {
      await store.append('item-0', [event(0)], 'no_stream');
      client.subscriptionFaults = [{ after: 1, error: new AccessDeniedError(undefined, 'no') }];
      const sub = store.subscribeToAll({ after: 0 });
      const got: RecordedEvent[] = [];
      await expect(
        (async () => {
          for await (const e of sub) got.push(e);
        })(),
      ).rejects.toBeInstanceOf(AccessDeniedError);
      expect(got.length).toBeLessThanOrEqual(1);
      expect(client.subscriptionsOpened).toHaveLength(1);
    });

    it('close() ends a subscription that is waiting to resubscribe', async () => {
      client.subscriptionFaults = [{ after: 0, error: new UnavailableError(undefined, 'down') }];
      store = new EsdbEventStore(client, {
        ...fast,
        subscription: { backoff: { initialMs: 60_000, maxMs: 60_000 }, bufferSize: 16 },
      });
      const sub = store.subscribeToAll({ after: 0 });
      const done = (async () => {
        for await (const e of sub) void e;
      })();
      await new Promise((r) => setTimeout(r, 20));
      await sub.close();
      await expect(done).resolves.toBeUndefined();
    });
  });

  describe('headPosition', () => {
    it('reads one record of $all when the newest is a user event', async () => {
      await store.append('item-0', [event(0)], 'no_stream');
      const r = await store.append('item-1', [event(1), event(2)], 'no_stream');
      const readAll = jest.spyOn(client, 'readAll');
      expect(await store.headPosition()).toBe(r.position);
      expect(readAll).toHaveBeenCalledTimes(1);
      expect(readAll.mock.calls[0][0]).toMatchObject({ direction: 'backwards', maxCount: 1 });
    });

    it('looks past system records to the newest user event', async () => {
      const r = await store.append('item-0', [event(0)], 'no_stream');
      client.writeSystemEvent();
      expect(await store.headPosition()).toBe(r.position);
    });
  });
});
