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
  const matches: Record<string, PulseMatch> = {};
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
