import fc from 'fast-check';
import type { CompatibilityBreakdown } from '../../src/domain/compatibility';
import type { Ranked } from '../../src/domain/discovery-order';

const round = (x: number) => Math.round(x * 10_000) / 10_000;

/** A candidate's scores as the page serialised them with JSON.stringify, before they were bytes. */
export function scoresReference(r: Ranked, b: CompatibilityBreakdown): string {
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

export const LAST_FOUR_DIGIT_YEAR_MS = Date.parse('9999-12-31T23:59:59.999Z');

/** Scores as they come (cosines and their weighted sum), ties at half a unit, and any double. */
export const scoreArb = fc.oneof(
  fc.double({ min: -1.5, max: 1.5, noNaN: true }),
  fc.integer({ min: -20_000, max: 20_000 }).map((k) => (k + 0.5) / 10_000),
  fc.constantFrom(0, -0, 1, -1, 0.00005, -0.00005, 0.99995, 0.1, 0.30000000000000004),
  // On both sides of the magnitude where writeDecimal4 hands over to JSON.stringify.
  fc.integer({ min: -1e12, max: 1e12 }).map((k) => k / 10_000),
  fc.double(),
);

/** Participation times: any four-digit year, this year's, the calendar's edges; 0 is "never". */
export const timeArb = fc.oneof(
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

/** A ranked candidate and its breakdown, what the page writes its scores from. */
export interface CandidateScores {
  ranked: Ranked;
  breakdown: CompatibilityBreakdown;
}

export const candidateScoresArb: fc.Arbitrary<CandidateScores> = fc
  .record({
    score: scoreArb,
    likedYou: fc.boolean(),
    recentlyActive: fc.boolean(),
    lastParticipationMs: timeArb,
    traits: scoreArb,
    interests: scoreArb,
    text: scoreArb,
  })
  .map(({ traits, interests, text, ...rest }) => ({
    ranked: { id: 'a', row: 0, ...rest },
    breakdown: { traits, interests, text },
  }));
