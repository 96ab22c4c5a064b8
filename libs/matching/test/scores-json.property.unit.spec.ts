import fc from 'fast-check';
import type { CompatibilityBreakdown } from '../src/domain/compatibility';
import type { Ranked } from '../src/domain/discovery-order';
import { decimal4, isoTime, scoresJsonMembers } from '../src/domain/scores-json';

/**
 * The page's scores are written by hand for speed; they must be the text `JSON.stringify` gives for
 * the object the page used to serialise, byte for byte, whatever the numbers.
 */
const round = (x: number) => Math.round(x * 10_000) / 10_000;

function reference(r: Ranked, b: CompatibilityBreakdown): string {
  return JSON.stringify({
    compatibilityScore: round(r.score),
    likedYou: r.likedYou,
    recentlyActive: r.recentlyActive,
    lastParticipationAt: r.lastParticipationMs
      ? new Date(r.lastParticipationMs).toISOString()
      : null,
    compatibility: { traits: round(b.traits), interests: round(b.interests), text: round(b.text) },
  });
}

const LAST_FOUR_DIGIT_YEAR_MS = Date.parse('9999-12-31T23:59:59.999Z');
/** Scores as they come (cosines and their weighted sum), ties at half a unit, and any double. */
const scoreArb = fc.oneof(
  fc.double({ min: -1.5, max: 1.5, noNaN: true }),
  fc.integer({ min: -20_000, max: 20_000 }).map((k) => (k + 0.5) / 10_000),
  fc.constantFrom(0, -0, 1, -1, 0.00005, -0.00005, 0.99995, 0.1, 0.30000000000000004),
  // On both sides of the magnitude where decimal4 hands over to JSON.stringify.
  fc.integer({ min: -1e12, max: 1e12 }).map((k) => k / 10_000),
  fc.double(),
);
const timeArb = fc.oneof(
  fc.integer({ min: 0, max: LAST_FOUR_DIGIT_YEAR_MS }),
  fc.integer({ min: Date.parse('2026-01-01'), max: Date.parse('2027-01-01') }),
  fc.constantFrom(
    0,
    1,
    Date.parse('2000-02-29T23:59:59.999Z'),
    Date.parse('2100-03-01T00:00:00.000Z'),
    Date.parse('2024-12-31T23:59:59.999Z'),
    LAST_FOUR_DIGIT_YEAR_MS,
  ),
);

describe('the scores of a discovery candidate as JSON text', () => {
  it('are the text JSON.stringify gives for the same scores, in ASCII', () => {
    fc.assert(
      fc.property(
        fc.record({
          score: scoreArb,
          likedYou: fc.boolean(),
          recentlyActive: fc.boolean(),
          lastParticipationMs: timeArb,
          traits: scoreArb,
          interests: scoreArb,
          text: scoreArb,
        }),
        ({ traits, interests, text, ...rest }) => {
          const ranked: Ranked = { id: 'a', row: 0, ...rest };
          const breakdown = { traits, interests, text };
          const members = scoresJsonMembers(ranked, breakdown);
          expect(`{${members}}`).toBe(reference(ranked, breakdown));
          // The page copies them as Latin-1, one byte a character (discover-page-json.ts).
          expect(members).toMatch(/^[\x20-\x7e]*$/);
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('round to four places as Math.round does, and write no negative zero', () => {
    expect(decimal4(0.12345)).toBe(JSON.stringify(round(0.12345)));
    expect(decimal4(-0.00004)).toBe('0');
    expect(decimal4(-0.00005)).toBe('0');
    expect(decimal4(-0.00006)).toBe('-0.0001');
    expect(decimal4(0.005)).toBe('0.005');
    expect(decimal4(0.99995)).toBe('1');
    expect(decimal4(-1.5)).toBe('-1.5');
    expect(decimal4(NaN)).toBe('null');
    expect(decimal4(Infinity)).toBe('null');
    expect(decimal4(1e300)).toBe(JSON.stringify(1e300));
  });

  it('write times as toISOString does, inside and outside the years it computes itself', () => {
    fc.assert(
      fc.property(fc.oneof(timeArb, fc.integer({ min: -8.64e15, max: 8.64e15 })), (ms) =>
        expect(isoTime(ms)).toBe(new Date(ms).toISOString()),
      ),
      { numRuns: 20_000 },
    );
    expect(isoTime(Date.parse('2000-02-29T12:34:56.007Z'))).toBe('2000-02-29T12:34:56.007Z');
    expect(isoTime(1.5)).toBe(new Date(1.5).toISOString());
  });
});
