import { CandidateMatrix } from '../domain/candidate-matrix';
import {
  keyOf,
  Ranked,
  RankingQuery,
  RECENT_PARTICIPATION_MS,
  rowScore,
} from '../domain/discovery-order';

/** A page being filled: each row once, filtered as the exact ranking filters, scored exactly. */
export class Page {
  readonly items: Array<Ranked & { key: number }> = [];
  private readonly seen = new Set<number>();
  private readonly self: number | undefined;
  private readonly since: number;

  constructor(
    private readonly m: CandidateMatrix,
    private readonly q: RankingQuery,
  ) {
    this.self = m.rowOf.get(q.callerId);
    this.since = q.nowMs - RECENT_PARTICIPATION_MS;
  }

  /** True when the row is a new eligible candidate (not liked: those were all taken first). */
  take(row: number): boolean {
    const { m, q } = this;
    if (this.seen.has(row)) return false;
    this.seen.add(row);
    const id = m.ids[row];
    if (row === this.self || !m.active[row] || q.swiped.has(id)) return false;
    if (q.sceneId !== undefined && m.sceneIds[row] !== q.sceneId) return false;
    if (q.only && !q.only.has(id)) return false;
    const score = rowScore(m, q.callerVector, row);
    const lastParticipationMs = m.lastParticipationMs[row];
    const likedYou = q.likedBy.has(id);
    const item = {
      id,
      row,
      score,
      likedYou,
      recentlyActive: lastParticipationMs >= this.since,
      lastParticipationMs,
      key: 0,
    };
    item.key = keyOf(item);
    this.items.push(item);
    return !likedYou;
  }

  sort(): void {
    this.items.sort((a, b) => b.key - a.key || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
}
