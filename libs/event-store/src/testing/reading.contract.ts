import type { ContractContext } from './contract-context';

/** The contract's reads: a stream, the whole log, the list of streams. */
export function readingContract(c: ContractContext): void {
  describe('reading a stream', () => {
    it('reads forwards and backwards, from a revision, bounded by maxCount', async () => {
      await c.store.append(
        c.stream('s'),
        [0, 1, 2, 3, 4].map((n) => c.event('N', { n })),
        'no_stream',
      );
      const forwards = await c.store.readStream(c.stream('s'));
      expect(forwards.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
      expect(forwards.map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4]);
      const page = await c.store.readStream(c.stream('s'), { fromRevision: 2, maxCount: 2 });
      expect(page.map((e) => e.revision)).toEqual([2, 3]);
      const backwards = await c.store.readStream(c.stream('s'), {
        direction: 'backwards',
        maxCount: 2,
      });
      expect(backwards.map((e) => e.revision)).toEqual([4, 3]);
      const fromBack = await c.store.readStream(c.stream('s'), {
        direction: 'backwards',
        fromRevision: 1,
      });
      expect(fromBack.map((e) => e.revision)).toEqual([1, 0]);
    });

    it('returns every recorded field', async () => {
      const e = c.event('Registered', { name: 'Ada', nested: { ok: true } });
      const r = await c.store.append(c.stream('f'), [e], 'no_stream');
      const [recorded] = await c.store.readStream(c.stream('f'));
      expect(recorded).toMatchObject({
        id: e.id,
        type: 'Registered',
        data: e.data,
        streamName: c.stream('f'),
        revision: 0,
        position: r.position,
      });
      expect(recorded.metadata).toMatchObject(e.metadata);
      expect(Number.isNaN(Date.parse(recorded.recordedAt))).toBe(false);
    });

    it('returns [] for a stream that does not exist', async () => {
      expect(await c.store.readStream(c.stream('nothing'))).toEqual([]);
    });
  });

  describe('reading all', () => {
    it('reads the log in position order both ways, filtered by stream prefix and type', async () => {
      await c.store.append(c.stream('m'), [c.event('A'), c.event('B')], 'no_stream');
      await c.store.append(c.stream('n'), [c.event('A')], 'no_stream');
      const filter = { streamPrefixes: [c.prefix] };
      const all = await c.store.readAll({ filter, maxCount: 100 });
      expect(all.map((e) => `${e.streamName.slice(c.prefix.length)}:${e.type}`)).toEqual([
        'm:A',
        'm:B',
        'n:A',
      ]);
      const positions = all.map((e) => e.position);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      const back = await c.store.readAll({ filter, direction: 'backwards', maxCount: 2 });
      expect(back.map((e) => e.position)).toEqual([positions[2], positions[1]]);
      const onlyA = await c.store.readAll({
        filter: { ...filter, eventTypes: ['A'] },
        maxCount: 100,
      });
      expect(onlyA).toHaveLength(2);
      const from = await c.store.readAll({ filter, fromPosition: positions[1], maxCount: 100 });
      expect(from.map((e) => e.position)).toEqual(positions.slice(1));
    });

    it('reads across a multi-event append: every event, in order, from any of its positions', async () => {
      await c.store.append(c.stream('u'), [c.event('U0')], 'no_stream');
      await c.store.append(
        c.stream('v'),
        [c.event('V0'), c.event('V1'), c.event('V2')],
        'no_stream',
      );
      await c.store.append(c.stream('u'), [c.event('U1')], 0);
      const filter = { streamPrefixes: [c.prefix] };
      const all = await c.store.readAll({ filter, maxCount: 100 });
      expect(all.map((e) => e.type)).toEqual(['U0', 'V0', 'V1', 'V2', 'U1']);
      // From the middle of the multi-event append, both ways, and in pages of two.
      const from = await c.store.readAll({ filter, fromPosition: all[2].position, maxCount: 100 });
      expect(from.map((e) => e.type)).toEqual(['V1', 'V2', 'U1']);
      const back = await c.store.readAll({
        filter,
        direction: 'backwards',
        fromPosition: all[3].position,
        maxCount: 3,
      });
      expect(back.map((e) => e.type)).toEqual(['V2', 'V1', 'V0']);
      const paged: string[] = [];
      for (let cursor = 0, page; ; cursor = page[page.length - 1].position) {
        page = (
          await c.store.readAll({ filter, fromPosition: cursor || undefined, maxCount: 2 })
        ).filter((e) => e.position > cursor);
        if (page.length === 0) break;
        paged.push(...page.map((e) => e.type));
      }
      expect(paged).toEqual(['U0', 'V0', 'V1', 'V2', 'U1']);
      const sub = c.store.subscribeToAll({ after: all[1].position, filter });
      const got: string[] = [];
      for await (const e of sub) {
        got.push(e.type);
        if (got.length === 3) break;
      }
      await sub.close();
      expect(got).toEqual(['V1', 'V2', 'U1']);
    });

    it('lists streams by prefix with their last revision and position', async () => {
      await c.store.append(c.stream('k1'), [c.event(), c.event()], 'no_stream');
      const r = await c.store.append(c.stream('k2'), [c.event()], 'no_stream');
      const streams = await c.store.listStreams({ prefix: c.prefix });
      expect(streams.map((s) => s.streamName).sort()).toEqual([c.stream('k1'), c.stream('k2')]);
      expect(streams.find((s) => s.streamName === c.stream('k2'))).toMatchObject({
        lastRevision: 0,
        lastPosition: r.position,
      });
    });
  });
}
