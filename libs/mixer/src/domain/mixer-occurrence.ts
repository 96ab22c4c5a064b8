import { invalid } from '@companion/platform/domain';

/**
 * The Saturday Social happens every Saturday, 18:00–19:00 UTC (spec §4, Mixer rule 1). An
 * occurrence is named by its date, `YYYY-MM-DD`; everything else about it follows from the key.
 */
export interface MixerOccurrence {
  key: string;
  startsAt: Date;
  endsAt: Date;
}

export const MIXER_STATUSES = ['upcoming', 'live', 'ended'] as const;
export type MixerStatus = (typeof MIXER_STATUSES)[number];

const DAY_MS = 24 * 3600 * 1000;
const SATURDAY = 6;
const STARTS_AT_HOUR_UTC = 18;
const LIVE_MS = 3600 * 1000;
/** Spec §8: "RSVP horizon 4 weeks", read as "the occurrence starts at most 28 days from now". */
export const RSVP_HORIZON_MS = 28 * DAY_MS;

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Midnight UTC of a `YYYY-MM-DD` calendar date, or null when the text is not one (2026-02-30,
 * 2026-13-01). setUTCFullYear, because Date.UTC maps the years 0–99 onto 1900–1999.
 */
export function parseDate(text: string): Date | null {
  const m = DATE_KEY.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  const roundTrips =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return roundTrips ? date : null;
}

export function dateKey(midnight: Date): string {
  return midnight.toISOString().slice(0, 10);
}

function occurrenceOn(saturday: Date): MixerOccurrence {
  const startsAt = new Date(saturday.getTime() + STARTS_AT_HOUR_UTC * 3600 * 1000);
  return { key: dateKey(saturday), startsAt, endsAt: new Date(startsAt.getTime() + LIVE_MS) };
}

/** The occurrence a key names: 400 `invalid_mixer_key` unless a real date, `not_a_saturday` unless a Saturday. */
export function parseMixerKey(key: string): MixerOccurrence {
  const date = parseDate(key);
  if (!date) throw invalid('invalid_mixer_key', `"${key}" is not a date of the form YYYY-MM-DD`);
  if (date.getUTCDay() !== SATURDAY)
    throw invalid('not_a_saturday', `${key} is not a Saturday; the mixer takes place on Saturdays`);
  return occurrenceOn(date);
}

/** The live hour includes its first instant (18:00:00.000) and excludes its end (19:00:00.000). */
export function mixerStatus(occurrence: MixerOccurrence, now: Date): MixerStatus {
  const t = now.getTime();
  if (t < occurrence.startsAt.getTime()) return 'upcoming';
  return t < occurrence.endsAt.getTime() ? 'live' : 'ended';
}

function saturdayOnOrAfter(midnight: Date): Date {
  return new Date(midnight.getTime() + ((SATURDAY - midnight.getUTCDay() + 7) % 7) * DAY_MS);
}

/** This Saturday's occurrence until it ends at 19:00 UTC, then next week's. */
export function currentOrNextOccurrence(now: Date): MixerOccurrence {
  const saturday = saturdayOnOrAfter(new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS));
  const candidate = occurrenceOn(saturday);
  return mixerStatus(candidate, now) === 'ended'
    ? occurrenceOn(new Date(saturday.getTime() + 7 * DAY_MS))
    : candidate;
}

/** `GET /mixer?week=`: the first Saturday on or after the date, so a Saturday names itself. */
export function occurrenceForWeek(week: string): MixerOccurrence {
  const date = parseDate(week);
  if (!date) throw invalid('invalid_week', `week "${week}" is not a date of the form YYYY-MM-DD`);
  const saturday = saturdayOnOrAfter(date);
  // The Saturday after 9999-12-31 has no YYYY-MM-DD key.
  if (saturday.getUTCFullYear() > 9999)
    throw invalid('invalid_week', `no Saturday with a YYYY-MM-DD key follows ${week}`);
  return occurrenceOn(saturday);
}

export function isBeyondHorizon(occurrence: MixerOccurrence, now: Date): boolean {
  return occurrence.startsAt.getTime() > now.getTime() + RSVP_HORIZON_MS;
}
