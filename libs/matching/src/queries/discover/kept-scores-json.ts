import type { CompatibilityBreakdown } from '../../domain/compatibility';
import type { Ranked } from '../../domain/discovery-order';
import { scoresJson } from '../../domain/scores-json';

/**
 * Shown candidates' scores as JSON bytes (`scoresJson`), by the breakdown object they were written
 * with. A kept ranking holds each shown candidate's breakdown while neither vector changes
 * (`keptBreakdown`), so a caller asking again brings the same object, and its scores are copied
 * rather than written while the rest of what they show (score, like, recency, time) is the same.
 * Held weakly: an entry goes with its breakdown (docs/discovery-scores-bytes.md).
 */
export class KeptScoresJson {
  private readonly written = new WeakMap<
    CompatibilityBreakdown,
    { ranked: Ranked; bytes: Uint8Array }
  >();

  of(r: Ranked, breakdown: CompatibilityBreakdown): Uint8Array {
    const last = this.written.get(breakdown);
    if (last && sameShown(last.ranked, r)) return last.bytes;
    const bytes = scoresJson(r, breakdown);
    this.written.set(breakdown, { ranked: r, bytes });
    return bytes;
  }
}

/** Whether two rankings of a candidate write the same scores, given the same breakdown. */
function sameShown(a: Ranked, b: Ranked): boolean {
  return (
    a.score === b.score &&
    a.likedYou === b.likedYou &&
    a.recentlyActive === b.recentlyActive &&
    a.lastParticipationMs === b.lastParticipationMs
  );
}
