import type { CompatibilityBreakdown } from './compatibility';
import type { Ranked } from './discovery-order';

/**
 * A discovery candidate's scores for its caller as bytes: the members of a JSON object without its
 * braces, the same ASCII text `JSON.stringify` gives for
 * `{ compatibilityScore, likedYou, recentlyActive, lastParticipationAt, compatibility }` with each
 * score rounded to four places, byte for byte (scores-json.property.unit.spec.ts).
 *
 * Why bytes: written as text, about 40 concatenations a candidate made a string the page then
 * flattened and copied again, 7 300 instructions a candidate; written here, 3 100
 * (docs/discovery-scores-bytes.md).
 */
export function scoresJson(r: Ranked, breakdown: CompatibilityBreakdown): Uint8Array {
  const end = writeScoresMembers(scratch, 0, r, breakdown);
  // A store past a typed array's end is dropped: the offset says whether one was.
  if (end > scratch.length) throw new Error(`scores: ${end} bytes written of ${scratch.length}`);
  return scratch.slice(0, end);
}

/**
 * `scoresJson` into `out` from `at`, which must have SCORES_MAX_BYTES free; the answer is the offset
 * after the last byte written.
 */
export function writeScoresMembers(
  out: Uint8Array,
  at: number,
  r: Ranked,
  breakdown: CompatibilityBreakdown,
): number {
  at = writeBytes(out, at, SCORE);
  at = writeDecimal4(out, at, r.score);
  at = writeBytes(out, at, r.likedYou ? LIKED_YOU[1] : LIKED_YOU[0]);
  at = writeBytes(out, at, r.recentlyActive ? RECENTLY_ACTIVE[1] : RECENTLY_ACTIVE[0]);
  if (r.lastParticipationMs) {
    at = writeBytes(out, at, LAST_PARTICIPATION);
    at = writeIsoTime(out, at, r.lastParticipationMs);
    out[at++] = QUOTE;
  } else at = writeBytes(out, at, NO_PARTICIPATION);
  at = writeBytes(out, at, TRAITS);
  at = writeDecimal4(out, at, breakdown.traits);
  at = writeBytes(out, at, INTERESTS);
  at = writeDecimal4(out, at, breakdown.interests);
  at = writeBytes(out, at, TEXT);
  at = writeDecimal4(out, at, breakdown.text);
  out[at++] = CLOSE;
  return at;
}

// The names and punctuation as bytes: `charCodeAt` in optimised code dispatches on the string's
// representation for every character, about 40 instructions a byte (docs/discovery-scores-bytes.md).
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const SCORE = ascii('"compatibilityScore":');
const LIKED_YOU = [ascii(',"likedYou":false'), ascii(',"likedYou":true')];
const RECENTLY_ACTIVE = [ascii(',"recentlyActive":false'), ascii(',"recentlyActive":true')];
const LAST_PARTICIPATION = ascii(',"lastParticipationAt":"');
const NO_PARTICIPATION = ascii(',"lastParticipationAt":null');
const TRAITS = ascii(',"compatibility":{"traits":');
const INTERESTS = ascii(',"interests":');
const TEXT = ascii(',"text":');

/**
 * The most `writeScoresMembers` writes: its names and punctuation (123 bytes), two `false`, a time
 * in quotes (27 for a six-digit year, e.g. `+275760-09-13T00:00:00.000Z`), and four numbers of at
 * most 25 characters (a sign, then 17 significant digits with a point, or with an exponent).
 */
export const SCORES_MAX_BYTES = 123 + 2 * 5 + (27 + 2) + 4 * 25;
/** Where `scoresJson` writes before it copies: JavaScript runs one call at a time. */
const scratch = new Uint8Array(SCORES_MAX_BYTES);

/** `JSON.stringify(Math.round(x * 10_000) / 10_000)`, without formatting a double. */
export function writeDecimal4(out: Uint8Array, at: number, x: number): number {
  const k = Math.round(x * 10_000);
  // NaN, infinities and magnitudes far beyond any score: there `a / 10_000` may round to the next
  // integer, and the text may need more digits than a double keeps.
  if (!(k > -1e10 && k < 1e10)) return writeAscii(out, at, JSON.stringify(k / 10_000));
  // -0 is not below 0: a score that rounds to zero from below is written `0`, as JSON.stringify.
  if (k < 0) out[at++] = MINUS;
  const a = k < 0 ? -k : k;
  const whole = Math.floor(a / 10_000);
  at = writeDigits(out, at, whole, 1);
  let fraction = a - whole * 10_000;
  if (fraction === 0) return at;
  // The shortest text of the double nearest k / 10 000 is that decimal without trailing zeros.
  let places = 4;
  while (fraction % 10 === 0) {
    fraction /= 10;
    places -= 1;
  }
  out[at++] = POINT;
  return writeDigits(out, at, fraction, places);
}

const DAY_MS = 86_400_000;
/** `new Date(9999-12-31T23:59:59.999Z)`: past it `toISOString` writes six-digit years. */
const LAST_FOUR_DIGIT_YEAR_MS = 253_402_300_799_999;

/**
 * `new Date(ms).toISOString()` for times from 1970 to 9999, without making a Date: the civil date
 * from the days since the epoch (Howard Hinnant's `civil_from_days`,
 * https://howardhinnant.github.io/date_algorithms.html), the time of day from the rest.
 */
export function writeIsoTime(out: Uint8Array, at: number, ms: number): number {
  if (!(Number.isInteger(ms) && ms >= 0 && ms <= LAST_FOUR_DIGIT_YEAR_MS))
    return writeAscii(out, at, new Date(ms).toISOString());
  const days = Math.floor(ms / DAY_MS);
  const z = days + 719_468; // days from 0000-03-01
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1_460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153); // March = 0
  const day = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  let rest = ms - days * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1_000);
  // YYYY-MM-DDTHH:mm:ss.sssZ
  at = writeDigits(out, at, year, 4);
  out[at++] = MINUS;
  at = writeDigits(out, at, month, 2);
  out[at++] = MINUS;
  at = writeDigits(out, at, day, 2);
  out[at++] = T;
  at = writeDigits(out, at, hours, 2);
  out[at++] = COLON;
  at = writeDigits(out, at, minutes, 2);
  out[at++] = COLON;
  at = writeDigits(out, at, seconds, 2);
  out[at++] = POINT;
  at = writeDigits(out, at, rest - seconds * 1_000, 3);
  out[at++] = Z;
  return at;
}

/**
 * A non-negative integer below 2^31 in decimal, zero-padded to at least `width` digits. Every one
 * written here is below 10^6; as int32 arithmetic, V8 divides by 10 with a multiplication.
 */
function writeDigits(out: Uint8Array, at: number, n: number, width: number): number {
  let digits = 1;
  for (let p = 10; p <= n; p *= 10) digits++;
  if (digits < width) digits = width;
  for (let i = at + digits - 1; i >= at; i--) {
    const next = (n / 10) | 0;
    out[i] = ZERO + (n - next * 10);
    n = next;
  }
  return at + digits;
}

function writeBytes(out: Uint8Array, at: number, bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) out[at++] = bytes[i];
  return at;
}

/** Text known to be ASCII (JSON numbers, ISO times), one byte a character. */
function writeAscii(out: Uint8Array, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) out[at++] = text.charCodeAt(i);
  return at;
}

const QUOTE = 0x22;
const MINUS = 0x2d;
const POINT = 0x2e;
const ZERO = 0x30;
const COLON = 0x3a;
const T = 0x54;
const Z = 0x5a;
const CLOSE = 0x7d;
