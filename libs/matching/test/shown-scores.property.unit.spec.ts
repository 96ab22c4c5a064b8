import fc from 'fast-check';
import type { Ranked } from '../src/domain/discovery-order';
import { ENTRY_HEADER, MIN_SPARE, ShownScores } from '../src/domain/shown-scores';

/** What `ShownScores` answers, held to a plain map of texts by the state each was written for. */
const id = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
const ranked = fc.record({
  id,
  row: fc.constant(0),
  score: fc.constantFrom(0, 0.25, 0.5000001, -0.75, NaN),
  likedYou: fc.boolean(),
  recentlyActive: fc.boolean(),
  lastParticipationMs: fc.constantFrom(0, 1_764_000_000_000, 1_764_000_000_001),
});
// Long texts as well, so entries outgrow the spare room and the buffer is compacted often.
const text = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map(String.fromCharCode) });
const op = fc.oneof(
  fc.record({
    kind: fc.constant('set' as const),
    r: ranked,
    text: fc.oneof(
      text,
      text.map((t) => t.repeat(40)),
    ),
  }),
  fc.record({ kind: fc.constant('get' as const), r: ranked }),
  fc.record({ kind: fc.constant('delete' as const), id }),
);

const stateOf = (r: Ranked) =>
  [r.score, r.likedYou, r.recentlyActive, r.lastParticipationMs].join();

describe('the scores a kept ranking has shown', () => {
  it('answers the text set for the same state, and its bytes never change after', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 120 }), (ops) => {
        const shown = new ShownScores();
        const model = new Map<string, { state: string; text: string }>();
        const handedOut: Array<{ bytes: Uint8Array; text: string }> = [];
        let peakLive = 0;
        let largest = 0;
        for (const o of ops) {
          if (o.kind === 'set') {
            handedOut.push({ bytes: shown.set(o.r, o.text), text: o.text });
            model.set(o.r.id, { state: stateOf(o.r), text: o.text });
            largest = Math.max(largest, ENTRY_HEADER + o.text.length);
          } else if (o.kind === 'delete') {
            shown.delete(o.id);
            model.delete(o.id);
          } else {
            const want = model.get(o.r.id);
            const got = shown.get(o.r);
            if (want && want.state === stateOf(o.r)) {
              expect(got).toBeDefined();
              expect(Buffer.from(got!).toString('latin1')).toBe(want.text);
              handedOut.push({ bytes: got!, text: want.text });
            } else expect(got).toBeUndefined();
          }
          let live = 0;
          for (const e of model.values()) live += ENTRY_HEADER + e.text.length;
          peakLive = Math.max(peakLive, live);
          expect([...shown.ids()].sort()).toEqual([...model.keys()].sort());
        }
        // Bytes handed to a page stay what they were, whatever was set or compacted since.
        for (const h of handedOut) expect(Buffer.from(h.bytes).toString('latin1')).toBe(h.text);
        // Left-behind entries are reclaimed: the buffer follows the most ever live, not every set.
        const wanted = peakLive + largest;
        expect(shown.capacity).toBeLessThanOrEqual(wanted + Math.max(MIN_SPARE, wanted >> 2));
      }),
      { numRuns: 1_000 },
    );
  });

  it('refuses text that is not one byte a character', () => {
    const r = {
      id: 'a',
      row: 0,
      score: 0.5,
      likedYou: false,
      recentlyActive: true,
      lastParticipationMs: 0,
    };
    expect(() => new ShownScores().set(r, '"name":"Zoë"')).toThrow(/ASCII/);
  });
});
