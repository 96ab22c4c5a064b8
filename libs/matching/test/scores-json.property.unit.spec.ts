import fc from 'fast-check';
import {
  scoresJson,
  SCORES_MAX_BYTES,
  writeDecimal4,
  writeIsoTime,
  writeScoresMembers,
} from '../src/domain/scores-json';
import {
  candidateScoresArb,
  LAST_FOUR_DIGIT_YEAR_MS,
  scoresReference,
  timeArb,
} from './support/scores-reference';

/**
 * The page's scores are written as bytes by hand for speed; they must be the text JSON.stringify
 * gives for the object the page used to serialise, byte for byte, whatever the numbers.
 */

/** What a writer put in a buffer with room to spare, as Latin-1 (so a byte ≥ 0x80 shows). */
function written(write: (out: Uint8Array, at: number) => number, room = SCORES_MAX_BYTES): string {
  // Bytes before the offset and room past the bound: a writer must start where it is told and
  // report where it stopped.
  const out = Buffer.alloc(3 + room + 64, 0x7e);
  const end = write(out, 3);
  if (end - 3 > room) throw new Error(`${end - 3} bytes written, more than ${room}`);
  return out.toString('latin1', 3, end);
}

const decimal4 = (x: number) => written((out, at) => writeDecimal4(out, at, x));
const isoTime = (ms: number) => written((out, at) => writeIsoTime(out, at, ms));
const round = (x: number) => Math.round(x * 10_000) / 10_000;

describe('the scores of a discovery candidate written as bytes', () => {
  it('are the ASCII of the text JSON.stringify gives for the same scores, within the bound', () => {
    fc.assert(
      fc.property(candidateScoresArb, ({ ranked, breakdown }) => {
        const members = written((out, at) => writeScoresMembers(out, at, ranked, breakdown));
        expect(`{${members}}`).toBe(scoresReference(ranked, breakdown));
        expect(members).toMatch(/^[\x20-\x7e]*$/);
        expect(Buffer.from(scoresJson(ranked, breakdown)).toString('latin1')).toBe(members);
      }),
      { numRuns: 20_000 },
    );
  });

  it('fit the bound at their longest: a six-digit year, negative numbers with exponents', () => {
    const longest = -1.2345678901234566e25; // past the hand-written range: JSON.stringify's text
    const ranked = {
      id: 'a',
      row: 0,
      score: longest,
      likedYou: false,
      recentlyActive: false,
      lastParticipationMs: -8.64e15,
    };
    const breakdown = { traits: longest, interests: longest, text: longest };
    const members = written((out, at) => writeScoresMembers(out, at, ranked, breakdown));
    expect(`{${members}}`).toBe(scoresReference(ranked, breakdown));
    expect(members.length).toBe(254);
  });

  it('round to four places as Math.round does, and write no negative zero', () => {
    expect(decimal4(0.12345)).toBe(JSON.stringify(round(0.12345)));
    expect(decimal4(-0.00004)).toBe('0');
    expect(decimal4(-0.00005)).toBe('0');
    expect(decimal4(-0.00006)).toBe('-0.0001');
    expect(decimal4(0.005)).toBe('0.005');
    expect(decimal4(0.99995)).toBe('1');
    expect(decimal4(-1.5)).toBe('-1.5');
    expect(decimal4(123456.0001)).toBe('123456.0001');
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
    expect(isoTime(LAST_FOUR_DIGIT_YEAR_MS)).toBe('9999-12-31T23:59:59.999Z');
    expect(isoTime(1.5)).toBe(new Date(1.5).toISOString());
  });
});
