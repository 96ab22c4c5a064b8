import type { PulseMatch, PulseRecord } from '../domain/pulse-record';

/**
 * The pulse with one match entry set, copied field by field. `{ ...p, matches: { ...p.matches,
 * [id]: m } }` took V8's slow path (a pulse's matches are keyed by match ids, which makes the object
 * a dictionary): in the pulse rebuild of the 1 000 000-event log that one expression was 10.5 % of
 * the samples and garbage collection 32.5 % (`node --cpu-prof`, 2026-11-23). The record's fields are
 * listed, so the type checker names one added to `PulseRecord` and not here, and
 * `libs/pulse/test/pulse-match-copy.unit.spec.ts` fails on a document field that would be dropped.
 */
export function withMatch<P extends PulseRecord>(p: P, matchId: string, match: PulseMatch): P {
  // A hash table, not an object literal: every `{}` given a new match id as a key gets a hidden
  // class of its own (one per match, thousands of them), so each copy's stores and `for…in` went
  // through V8's megamorphic paths; `Object.create(null)` starts in dictionary mode. 2.4 → 0.3 µs
  // per copy against the same copy into `{}`, 1.2–1.6 → 0.2 µs against the spread
  // (bench/pulse-match-copy.js); withMatch was 11.5 % of the pulse rebuild's main thread before
  // (docs/rebuild-speed.md). It serialises the same, and a key `__proto__` stays a key.
  const matches: Record<string, PulseMatch> = Object.create(null);
  for (const id in p.matches) matches[id] = p.matches[id];
  matches[matchId] = match;
  const copy: PulseRecord = {
    _id: p._id,
    likers: p.likers,
    likesGiven: p.likesGiven,
    matches,
    activities: p.activities,
    mixer: p.mixer,
  };
  return copy as P;
}
