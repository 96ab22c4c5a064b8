import { randomUUID } from 'node:crypto';
import {
  EventStore,
  NewEvent,
  RecordedEvent,
  Subscription,
  WrongExpectedRevisionError,
} from '../event-store.port';

/**
 * The one contract every EventStore adapter passes (emmett's feature-suite idea). It only uses
 * streams with a fresh prefix, so it can run against a shared EventStoreDB that holds other data.
 */
export function eventStoreContract(adapter: string, open: () => Promise<EventStore>): void {
  describe(`EventStore contract: ${adapter}`, () => {
    let store: EventStore;
    let prefix: string;
    const stream = (name: string) => `${prefix}${name}`;
    const event = (type = 'Happened', data: unknown = { n: 1 }): NewEvent => ({
      id: randomUUID(),
      type,
      data,
      metadata: { occurredAt: '2026-11-21T12:00:00.000Z', actorId: 'a1' },
    });

    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
    });
    beforeEach(() => {
      prefix = `contract${randomUUID().replace(/-/g, '').slice(0, 12)}-`;
    });

    describe('append', () => {
      it('creates a stream with no_stream and reports revision 0 and a positive position', async () => {
        const result = await store.append(stream('a'), [event()], 'no_stream');
        expect(result.nextRevision).toBe(0);
        expect(result.position).toBeGreaterThan(0);
      });

      it('refuses no_stream when the stream exists', async () => {
        await store.append(stream('a'), [event()], 'no_stream');
        await expect(store.append(stream('a'), [event()], 'no_stream')).rejects.toBeInstanceOf(
          WrongExpectedRevisionError,
        );
      });

      it('appends at the exact revision it read, and refuses a stale one', async () => {
        await store.append(stream('a'), [event(), event()], 'no_stream');
        const r = await store.append(stream('a'), [event()], 1);
        expect(r.nextRevision).toBe(2);
        await expect(store.append(stream('a'), [event()], 1)).rejects.toBeInstanceOf(
          WrongExpectedRevisionError,
        );
        expect(await store.readStream(stream('a'))).toHaveLength(3);
      });

      it('accepts any revision with "any", and needs an existing stream with "stream_exists"', async () => {
        await expect(store.append(stream('b'), [event()], 'stream_exists')).rejects.toBeInstanceOf(
          WrongExpectedRevisionError,
        );
        await store.append(stream('b'), [event()], 'any');
        const r = await store.append(stream('b'), [event()], 'stream_exists');
        expect(r.nextRevision).toBe(1);
      });

      it('is idempotent: the same events appended again are written once', async () => {
        const events = [event(), event()];
        const first = await store.append(stream('c'), events, 'no_stream');
        const retry = await store.append(stream('c'), events, 'no_stream');
        expect(retry).toEqual(first);
        expect(await store.readStream(stream('c'))).toHaveLength(2);
      });

      it('appends several events at once: consecutive revisions, the position of the last', async () => {
        const events = [event('A'), event('B'), event('C')];
        const r = await store.append(stream('multi'), events, 'no_stream');
        const stored = await store.readStream(stream('multi'));
        expect(stored.map((e) => [e.id, e.revision])).toEqual(events.map((e, i) => [e.id, i]));
        expect(r).toEqual({ nextRevision: 2, position: stored[2].position });
        const positions = stored.map((e) => e.position);
        expect([...positions].sort((a, b) => a - b)).toEqual(positions);
        expect(new Set(positions).size).toBe(3);
        const next = await store.append(stream('multi'), [event('D'), event('E')], 2);
        expect(next.nextRevision).toBe(4);
        expect(next.position).toBeGreaterThan(r.position);
      });

      it('answers a retried append with the same ids as the first time, even after the stream moved on', async () => {
        await store.append(stream('retry'), [event('Before')], 'no_stream');
        const mine = [event('Mine1'), event('Mine2')];
        const first = await store.append(stream('retry'), mine, 0);
        await store.append(stream('retry'), [event('Later')], 2);
        // The answer to the first was lost; the writer sends the very same append again.
        const retry = await store.append(stream('retry'), mine, 0);
        expect(retry).toEqual(first);
        const stored = await store.readStream(stream('retry'));
        expect(stored.map((e) => e.type)).toEqual(['Before', 'Mine1', 'Mine2', 'Later']);
        const all = await store.readAll({ filter: { streamPrefixes: [prefix] }, maxCount: 100 });
        expect(all).toHaveLength(4);
      });

      it('gives increasing global positions across streams', async () => {
        const r1 = await store.append(stream('x'), [event()], 'no_stream');
        const r2 = await store.append(stream('y'), [event()], 'no_stream');
        const r3 = await store.append(stream('x'), [event()], 0);
        expect(r2.position).toBeGreaterThan(r1.position);
        expect(r3.position).toBeGreaterThan(r2.position);
        expect(await store.headPosition()).toBeGreaterThanOrEqual(r3.position);
      });

      it('lets exactly one of many concurrent writers at the same revision win', async () => {
        await store.append(stream('race'), [event()], 'no_stream');
        const attempts = await Promise.allSettled(
          Array.from({ length: 20 }, () => store.append(stream('race'), [event()], 0)),
        );
        const won = attempts.filter((a) => a.status === 'fulfilled');
        const lost = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost.every((l) => l.reason instanceof WrongExpectedRevisionError)).toBe(true);
        expect(await store.readStream(stream('race'))).toHaveLength(2);
      });

      it('leaves nothing of a refused append, even when it shared a batch with accepted ones', async () => {
        const results = await Promise.allSettled([
          store.append(stream('p'), [event('A')], 'no_stream'),
          store.append(stream('q'), [event('B'), event('C')], 5),
          store.append(stream('r'), [event('D')], 'no_stream'),
        ]);
        expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
        expect(await store.readStream(stream('q'))).toEqual([]);
        expect(await store.readStream(stream('r'))).toHaveLength(1);
      });
    });

    describe('reading a stream', () => {
      it('reads forwards and backwards, from a revision, bounded by maxCount', async () => {
        await store.append(
          stream('s'),
          [0, 1, 2, 3, 4].map((n) => event('N', { n })),
          'no_stream',
        );
        const forwards = await store.readStream(stream('s'));
        expect(forwards.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
        expect(forwards.map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4]);
        const page = await store.readStream(stream('s'), { fromRevision: 2, maxCount: 2 });
        expect(page.map((e) => e.revision)).toEqual([2, 3]);
        const backwards = await store.readStream(stream('s'), {
          direction: 'backwards',
          maxCount: 2,
        });
        expect(backwards.map((e) => e.revision)).toEqual([4, 3]);
        const fromBack = await store.readStream(stream('s'), {
          direction: 'backwards',
          fromRevision: 1,
        });
        expect(fromBack.map((e) => e.revision)).toEqual([1, 0]);
      });

      it('returns every recorded field', async () => {
        const e = event('Registered', { name: 'Ada', nested: { ok: true } });
        const r = await store.append(stream('f'), [e], 'no_stream');
        const [recorded] = await store.readStream(stream('f'));
        expect(recorded).toMatchObject({
          id: e.id,
          type: 'Registered',
          data: e.data,
          streamName: stream('f'),
          revision: 0,
          position: r.position,
        });
        expect(recorded.metadata).toMatchObject(e.metadata);
        expect(Number.isNaN(Date.parse(recorded.recordedAt))).toBe(false);
      });

      it('returns [] for a stream that does not exist', async () => {
        expect(await store.readStream(stream('nothing'))).toEqual([]);
      });
    });

    describe('reading all', () => {
      it('reads the log in position order both ways, filtered by stream prefix and type', async () => {
        await store.append(stream('m'), [event('A'), event('B')], 'no_stream');
        await store.append(stream('n'), [event('A')], 'no_stream');
        const filter = { streamPrefixes: [prefix] };
        const all = await store.readAll({ filter, maxCount: 100 });
        expect(all.map((e) => `${e.streamName.slice(prefix.length)}:${e.type}`)).toEqual([
          'm:A',
          'm:B',
          'n:A',
        ]);
        const positions = all.map((e) => e.position);
        expect([...positions].sort((a, b) => a - b)).toEqual(positions);
        const back = await store.readAll({ filter, direction: 'backwards', maxCount: 2 });
        expect(back.map((e) => e.position)).toEqual([positions[2], positions[1]]);
        const onlyA = await store.readAll({
          filter: { ...filter, eventTypes: ['A'] },
          maxCount: 100,
        });
        expect(onlyA).toHaveLength(2);
        const from = await store.readAll({ filter, fromPosition: positions[1], maxCount: 100 });
        expect(from.map((e) => e.position)).toEqual(positions.slice(1));
      });

      it('reads across a multi-event append: every event, in order, from any of its positions', async () => {
        await store.append(stream('u'), [event('U0')], 'no_stream');
        await store.append(stream('v'), [event('V0'), event('V1'), event('V2')], 'no_stream');
        await store.append(stream('u'), [event('U1')], 0);
        const filter = { streamPrefixes: [prefix] };
        const all = await store.readAll({ filter, maxCount: 100 });
        expect(all.map((e) => e.type)).toEqual(['U0', 'V0', 'V1', 'V2', 'U1']);
        // From the middle of the multi-event append, both ways, and in pages of two.
        const from = await store.readAll({ filter, fromPosition: all[2].position, maxCount: 100 });
        expect(from.map((e) => e.type)).toEqual(['V1', 'V2', 'U1']);
        const back = await store.readAll({
          filter,
          direction: 'backwards',
          fromPosition: all[3].position,
          maxCount: 3,
        });
        expect(back.map((e) => e.type)).toEqual(['V2', 'V1', 'V0']);
        const paged: string[] = [];
        for (let cursor = 0, page; ; cursor = page[page.length - 1].position) {
          page = (
            await store.readAll({ filter, fromPosition: cursor || undefined, maxCount: 2 })
          ).filter((e) => e.position > cursor);
          if (page.length === 0) break;
          paged.push(...page.map((e) => e.type));
        }
        expect(paged).toEqual(['U0', 'V0', 'V1', 'V2', 'U1']);
        const sub = store.subscribeToAll({ after: all[1].position, filter });
        const got: string[] = [];
        for await (const e of sub) {
          got.push(e.type);
          if (got.length === 3) break;
        }
        await sub.close();
        expect(got).toEqual(['V1', 'V2', 'U1']);
      });

      it('lists streams by prefix with their last revision and position', async () => {
        await store.append(stream('k1'), [event(), event()], 'no_stream');
        const r = await store.append(stream('k2'), [event()], 'no_stream');
        const streams = await store.listStreams({ prefix });
        expect(streams.map((s) => s.streamName).sort()).toEqual([stream('k1'), stream('k2')]);
        expect(streams.find((s) => s.streamName === stream('k2'))).toMatchObject({
          lastRevision: 0,
          lastPosition: r.position,
        });
      });
    });

    describe('subscribing to all', () => {
      async function take(sub: Subscription, n: number): Promise<RecordedEvent[]> {
        const got: RecordedEvent[] = [];
        for await (const e of sub) {
          got.push(e);
          if (got.length === n) break;
        }
        return got;
      }

      it('catches up from a position, then goes live, in order, excluding the start position', async () => {
        // Only positions the store returned are cursors (EventStoreDB's are byte offsets, not counters).
        const first = await store.append(stream('live'), [event('Old1')], 'no_stream');
        await store.append(stream('live'), [event('Old2')], 0);
        const sub = store.subscribeToAll({
          after: first.position,
          filter: { streamPrefixes: [prefix] },
        });
        const received = take(sub, 3);
        await new Promise((r) => setTimeout(r, 50));
        await store.append(stream('live'), [event('New1'), event('New2')], 1);
        const events = await received;
        await sub.close();
        expect(events.map((e) => e.type)).toEqual(['Old2', 'New1', 'New2']);
      });

      it('filters by event type and stops when closed', async () => {
        const sub = store.subscribeToAll({
          after: await store.headPosition(),
          filter: { streamPrefixes: [prefix], eventTypes: ['Wanted'] },
        });
        const received = take(sub, 1);
        await store.append(stream('t'), [event('Unwanted'), event('Wanted')], 'no_stream');
        const [only] = await received;
        expect(only.type).toBe('Wanted');
        await sub.close();
        const after: RecordedEvent[] = [];
        for await (const e of sub) after.push(e);
        expect(after).toEqual([]);
      });

      it('delivers the same events in batches of at most max, history first, then a live append at once', async () => {
        const start = await store.headPosition();
        for (let i = 0; i < 5; i++)
          await store.append(stream(`b${i}`), [event('B1'), event('B2'), event('B3')], 'no_stream');
        const filter = { streamPrefixes: [prefix] };
        const oneByOne = await take(store.subscribeToAll({ after: start, filter }), 15);
        const sub = store.subscribeToAll({ after: start, filter });
        const batches: RecordedEvent[][] = [];
        let appended = false;
        for await (const batch of sub.batches(4)) {
          batches.push(batch);
          const got = batches.flat().length;
          if (got === 15 && !appended) {
            appended = true;
            // The history is all delivered: the next batch can only be this append, and it must not
            // wait for more to fill the batch.
            void store.append(stream('late'), [event('Late')], 'no_stream');
          }
          if (got === 16) break;
        }
        await sub.close();
        expect(batches.every((b) => b.length >= 1 && b.length <= 4)).toBe(true);
        expect(batches.flat().slice(0, 15)).toEqual(oneByOne);
        expect(batches[batches.length - 1].map((e) => e.type)).toEqual(['Late']);
        const positions = batches.flat().map((e) => e.position);
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      });

      it('is read one way: by event or in batches', async () => {
        const sub = store.subscribeToAll({ after: await store.headPosition() });
        sub.batches(10)[Symbol.asyncIterator]();
        expect(() => sub[Symbol.asyncIterator]()).toThrow(/one way/);
        await sub.close();
      });
    });
  });
}
