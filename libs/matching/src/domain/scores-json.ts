import type { CompatibilityBreakdown } from './compatibility';
import type { Ranked } from './discovery-order';

/**
 * A discovery candidate's scores for its caller, as the members of a JSON object without its
 * braces: the same text `JSON.stringify` gives for
 * `{ compatibilityScore, likedYou, recentlyActive, lastParticipationAt, compatibility }` with each
 * score rounded to four places, byte for byte (scores-json.property.unit.spec.ts).
 *
 * Why by hand: a page of 20 candidates spent 3–4 µs on each, most of it turning five doubles
 * and a date into text; `decimal4` and `isoTime` do it from small integers, which V8 turns into
 * text from a cache (0.9–1.3 µs a candidate measured alone; docs/discovery-page-cost.md).
 */
export function scoresJsonMembers(r: Ranked, breakdown: CompatibilityBreakdown): string {
  const at = r.lastParticipationMs ? `"${isoTime(r.lastParticipationMs)}"` : 'null';
  return (
    `"compatibilityScore":${decimal4(r.score)},"likedYou":${r.likedYou},` +
    `"recentlyActive":${r.recentlyActive},"lastParticipationAt":${at},` +
    `"compatibility":{"traits":${decimal4(breakdown.traits)},` +
    `"interests":${decimal4(breakdown.interests)},"text":${decimal4(breakdown.text)}}`
  );
}

/** `JSON.stringify(Math.round(x * 10_000) / 10_000)`, without formatting a double. */
export function decimal4(x: number): string {
  const k = Math.round(x * 10_000);
  // NaN, infinities and magnitudes far beyond any score: there `a / 10_000` may round to the next
  // integer, and the text may need more digits than a double keeps.
  if (!(k > -1e10 && k < 1e10)) return JSON.stringify(k / 10_000);
  const a = k < 0 ? -k : k;
  const whole = Math.floor(a / 10_000);
  const sign = k < 0 ? '-' : '';
  let fraction = a - whole * 10_000;
  if (fraction === 0) return `${sign}${whole}`;
  // The shortest text of the double nearest k / 10 000 is that decimal without trailing zeros.
  let places = 4;
  while (fraction % 10 === 0) {
    fraction /= 10;
    places -= 1;
  }
  return `${sign}${whole}.${String(fraction).padStart(places, '0')}`;
}

const DAY_MS = 86_400_000;
/** `new Date(9999-12-31T23:59:59.999Z)`: past it `toISOString` writes six-digit years. */
const LAST_FOUR_DIGIT_YEAR_MS = 253_402_300_799_999;

/**
 * `new Date(ms).toISOString()` for times from 1970 to 9999, without making a Date: the civil date
 * from the days since the epoch (Howard Hinnant's `civil_from_days`,
 * https://howardhinnant.github.io/date_algorithms.html), the time of day from the rest.
 */
export function isoTime(ms: number): string {
  if (!(Number.isInteger(ms) && ms >= 0 && ms <= LAST_FOUR_DIGIT_YEAR_MS))
    return new Date(ms).toISOString();
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
  const millis = rest - seconds * 1_000;
  return (
    `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}` +
    `T${two(hours)}:${two(minutes)}:${two(seconds)}.${String(millis).padStart(3, '0')}Z`
  );
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
