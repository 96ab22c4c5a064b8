import type { ProjectedEvent, RecordedEvent, Subscription } from '../event-store.port';
import type { ContractContext } from './contract-context';

/** The contract's subscriptions to the whole log: catching up, live events, filters, batches. */
export function subscriptionContract(c: ContractContext): void {
  describe('subscribing to all', () => {
    async function take<E extends ProjectedEvent>(sub: Subscription<E>, n: number): Promise<E[]> {
      const got: E[] = [];
      for await (const e of sub) {
        got.push(e);
        if (got.length === n) break;
      }
      return got;
    }

    it('catches up from a position, then goes live, in order, excluding the start position', async () => {
      // Only positions the store returned are cursors (EventStoreDB's are byte offsets, not counters).
      const first = await c.store.append(c.stream('live'), [c.event('Old1')], 'no_stream');
      await c.store.append(c.stream('live'), [c.event('Old2')], 0);
      const sub = c.store.subscribeToAll({
        after: first.position,
        filter: { streamPrefixes: [c.prefix] },
      });
      const received = take(sub, 3);
      await new Promise((r) => setTimeout(r, 50));
      await c.store.append(c.stream('live'), [c.event('New1'), c.event('New2')], 1);
      const events = await received;
      await sub.close();
      expect(events.map((e) => e.type)).toEqual(['Old2', 'New1', 'New2']);
    });

    it('filters by event type and stops when closed', async () => {
      const sub = c.store.subscribeToAll({
        after: await c.store.headPosition(),
        filter: { streamPrefixes: [c.prefix], eventTypes: ['Wanted'] },
      });
      const received = take(sub, 1);
      await c.store.append(c.stream('t'), [c.event('Unwanted'), c.event('Wanted')], 'no_stream');
      const [only] = await received;
      expect(only.type).toBe('Wanted');
      await sub.close();
      const after: RecordedEvent[] = [];
      for await (const e of sub) after.push(e);
      expect(after).toEqual([]);
    });

    it('delivers the same events in batches of at most max, history first, then a live append at once', async () => {
      const start = await c.store.headPosition();
      for (let i = 0; i < 5; i++)
        await c.store.append(
          c.stream(`b${i}`),
          [c.event('B1'), c.event('B2'), c.event('B3')],
          'no_stream',
        );
      const filter = { streamPrefixes: [c.prefix] };
      const oneByOne = await take(c.store.subscribeToAll({ after: start, filter }), 15);
      const sub = c.store.subscribeToAll({ after: start, filter });
      const batches: RecordedEvent[][] = [];
      let appended = false;
      for await (const batch of sub.batches(4)) {
        batches.push(batch);
        const got = batches.flat().length;
        if (got === 15 && !appended) {
          appended = true;
          // The history is all delivered: the next batch can only be this append, and it must not
          // wait for more to fill the batch.
          void c.store.append(c.stream('late'), [c.event('Late')], 'no_stream');
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

    it('gives each event as a projection reads it when asked: history and live, filtered, in batches', async () => {
      const projected = ({ id, position, type, data, metadata }: ProjectedEvent) =>
        ({ id, position, type, data, metadata }) satisfies ProjectedEvent;
      // Types of this test's own, so that a filter by type alone reads nothing of a shared store's.
      const [read, late] = [`Read.${c.prefix}`, `Late.${c.prefix}`];
      const filters = [
        { eventTypes: [read, late] },
        { streamPrefixes: [c.prefix], eventTypes: [read, late] },
      ];
      for (const [i, filter] of filters.entries()) {
        const start = await c.store.headPosition();
        const stream = c.stream(`projected-${i}`);
        await c.store.append(stream, [c.event(read), c.event('Skipped')], 'no_stream');
        const sub = c.store.subscribeProjected({ after: start, filter });
        const got: ProjectedEvent[] = [];
        let live: Promise<unknown> | undefined;
        for await (const batch of sub.batches(10)) {
          got.push(...batch);
          if (got.length === 1) live = c.store.append(stream, [c.event(late)], 1);
          if (got.length === 2) break;
        }
        await sub.close();
        await live;
        const whole = await take(c.store.subscribeToAll({ after: start, filter }), 2);
        expect(whole.map((e) => e.type)).toEqual([read, late]);
        expect(got.map(projected)).toEqual(whole.map(projected));
      }
    });

    it('is read one way: by event or in batches', async () => {
      const sub = c.store.subscribeToAll({ after: await c.store.headPosition() });
      sub.batches(10)[Symbol.asyncIterator]();
      expect(() => sub[Symbol.asyncIterator]()).toThrow(/one way/);
      await sub.close();
    });
  });
}
