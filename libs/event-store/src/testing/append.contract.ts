import { WrongExpectedRevisionError } from '../event-store.port';
import type { ContractContext } from './contract-context';

/** The contract's appends: revisions, positions, expected revisions, idempotence and atomicity. */
export function appendContract(c: ContractContext): void {
  describe('append', () => {
    it('creates a stream with no_stream and reports revision 0 and a positive position', async () => {
      const result = await c.store.append(c.stream('a'), [c.event()], 'no_stream');
      expect(result.nextRevision).toBe(0);
      expect(result.position).toBeGreaterThan(0);
    });

    it('refuses no_stream when the stream exists', async () => {
      await c.store.append(c.stream('a'), [c.event()], 'no_stream');
      await expect(c.store.append(c.stream('a'), [c.event()], 'no_stream')).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
    });

    it('appends at the exact revision it read, and refuses a stale one', async () => {
      await c.store.append(c.stream('a'), [c.event(), c.event()], 'no_stream');
      const r = await c.store.append(c.stream('a'), [c.event()], 1);
      expect(r.nextRevision).toBe(2);
      await expect(c.store.append(c.stream('a'), [c.event()], 1)).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      expect(await c.store.readStream(c.stream('a'))).toHaveLength(3);
    });

    it('accepts any revision with "any", and needs an existing stream with "stream_exists"', async () => {
      await expect(
        c.store.append(c.stream('b'), [c.event()], 'stream_exists'),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await c.store.append(c.stream('b'), [c.event()], 'any');
      const r = await c.store.append(c.stream('b'), [c.event()], 'stream_exists');
      expect(r.nextRevision).toBe(1);
    });

    it('is idempotent: the same events appended again are written once', async () => {
      const events = [c.event(), c.event()];
      const first = await c.store.append(c.stream('c'), events, 'no_stream');
      const retry = await c.store.append(c.stream('c'), events, 'no_stream');
      expect(retry).toEqual(first);
      expect(await c.store.readStream(c.stream('c'))).toHaveLength(2);
    });

    it('appends several events at once: consecutive revisions, the position of the last', async () => {
      const events = [c.event('A'), c.event('B'), c.event('C')];
      const r = await c.store.append(c.stream('multi'), events, 'no_stream');
      const stored = await c.store.readStream(c.stream('multi'));
      expect(stored.map((e) => [e.id, e.revision])).toEqual(events.map((e, i) => [e.id, i]));
      expect(r).toEqual({ nextRevision: 2, position: stored[2].position });
      const positions = stored.map((e) => e.position);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(new Set(positions).size).toBe(3);
      const next = await c.store.append(c.stream('multi'), [c.event('D'), c.event('E')], 2);
      expect(next.nextRevision).toBe(4);
      expect(next.position).toBeGreaterThan(r.position);
    });

    it('answers a retried append with the same ids as the first time, even after the stream moved on', async () => {
      await c.store.append(c.stream('retry'), [c.event('Before')], 'no_stream');
      const mine = [c.event('Mine1'), c.event('Mine2')];
      const first = await c.store.append(c.stream('retry'), mine, 0);
      await c.store.append(c.stream('retry'), [c.event('Later')], 2);
      // The answer to the first was lost; the writer sends the very same append again.
      const retry = await c.store.append(c.stream('retry'), mine, 0);
      expect(retry).toEqual(first);
      const stored = await c.store.readStream(c.stream('retry'));
      expect(stored.map((e) => e.type)).toEqual(['Before', 'Mine1', 'Mine2', 'Later']);
      const all = await c.store.readAll({ filter: { streamPrefixes: [c.prefix] }, maxCount: 100 });
      expect(all).toHaveLength(4);
    });

    it('gives increasing global positions across streams', async () => {
      const r1 = await c.store.append(c.stream('x'), [c.event()], 'no_stream');
      const r2 = await c.store.append(c.stream('y'), [c.event()], 'no_stream');
      const r3 = await c.store.append(c.stream('x'), [c.event()], 0);
      expect(r2.position).toBeGreaterThan(r1.position);
      expect(r3.position).toBeGreaterThan(r2.position);
      expect(await c.store.headPosition()).toBeGreaterThanOrEqual(r3.position);
    });

    it('lets exactly one of many concurrent writers at the same revision win', async () => {
      await c.store.append(c.stream('race'), [c.event()], 'no_stream');
      const attempts = await Promise.allSettled(
        Array.from({ length: 20 }, () => c.store.append(c.stream('race'), [c.event()], 0)),
      );
      const won = attempts.filter((a) => a.status === 'fulfilled');
      const lost = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost.every((l) => l.reason instanceof WrongExpectedRevisionError)).toBe(true);
      expect(await c.store.readStream(c.stream('race'))).toHaveLength(2);
    });

    it('leaves nothing of a refused append, even when it shared a batch with accepted ones', async () => {
      const results = await Promise.allSettled([
        c.store.append(c.stream('p'), [c.event('A')], 'no_stream'),
        c.store.append(c.stream('q'), [c.event('B'), c.event('C')], 5),
        c.store.append(c.stream('r'), [c.event('D')], 'no_stream'),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(await c.store.readStream(c.stream('q'))).toEqual([]);
      expect(await c.store.readStream(c.stream('r'))).toHaveLength(1);
    });
  });
}
