import fc from 'fast-check';
import type { CompatibilityBreakdown } from '../src/domain/compatibility';
import type { Ranked } from '../src/domain/discovery-order';
import { scoresJson } from '../src/domain/scores-json';
import { KeptScoresJson } from '../src/queries/discover/kept-scores-json';

/**
 * A page's scores kept by their breakdown object are always the bytes written now for the same
 * candidate; they are copied, not written again, only when nothing they show has changed.
 */
const ranked = fc.record({
  id: fc.constant('a'),
  row: fc.integer({ min: 0, max: 3 }),
  score: fc.constantFrom(0.5, 0.50004, 0.7),
  likedYou: fc.boolean(),
  recentlyActive: fc.boolean(),
  lastParticipationMs: fc.constantFrom(0, Date.parse('2026-12-01T00:00:00Z'), 1),
});

describe('the scores a kept ranking showed', () => {
  it('are the bytes written now, and the same bytes while nothing shown changed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), ranked), { minLength: 1, maxLength: 40 }),
        (steps) => {
          // Three breakdown objects, two of them equal: the key is the object, not its values.
          const breakdowns: CompatibilityBreakdown[] = [
            { traits: 0.25, interests: 0.5, text: 0.75 },
            { traits: 0.25, interests: 0.5, text: 0.75 },
            { traits: 1, interests: 0, text: 0.5 },
          ];
          const kept = new KeptScoresJson();
          const last = new Map<number, { r: Ranked; bytes: Uint8Array }>();
          for (const [b, r] of steps) {
            const bytes = kept.of(r, breakdowns[b]);
            expect(Buffer.from(bytes).equals(scoresJson(r, breakdowns[b]))).toBe(true);
            const before = last.get(b);
            const unchanged =
              before !== undefined &&
              before.r.score === r.score &&
              before.r.likedYou === r.likedYou &&
              before.r.recentlyActive === r.recentlyActive &&
              before.r.lastParticipationMs === r.lastParticipationMs;
            if (unchanged) expect(bytes).toBe(before.bytes);
            else if (before) expect(bytes).not.toBe(before.bytes);
            last.set(b, { r, bytes });
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
