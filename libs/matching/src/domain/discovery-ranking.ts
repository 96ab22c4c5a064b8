/**
 * Discovery's order (spec §4): incoming likes first (`likedYou`), then recent participation, then
 * compatibility. "Recent participation" is a bucket, not a timestamp order — otherwise the score
 * would almost never matter: an agent is recently active when it took part (registered, changed its
 * profile, swiped, wrote, rated) within RECENT_PARTICIPATION_MS.
 */
export const RECENT_PARTICIPATION_MS = 7 * 24 * 60 * 60 * 1000;

export interface RankableCandidate {
  id: string;
  sceneId: string | null;
  lastParticipationMs: number;
  vector: Float32Array;
}

export interface RankingQuery {
  callerId: string;
  callerVector: Float32Array;
  /** Agents the caller already swiped on (never shown again). */
  swiped: ReadonlySet<string>;
  /** Agents who liked the caller and whom the caller has not swiped on. */
  likedBy: ReadonlySet<string>;
  nowMs: number;
  limit: number;
  sceneId?: string;
  /** When set, only these agents (the mixer's guest list). */
  only?: ReadonlySet<string>;
}

export interface Ranked<C extends RankableCandidate> {
  candidate: C;
  score: number;
  likedYou: boolean;
  recentlyActive: boolean;
}

export function compatibilityScore(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  // Float rounding can step outside [-1, 1] by an ulp.
  return Math.min(1, Math.max(0, (dot + 1) / 2));
}

/** Top `limit` candidates in discovery order, in one pass and O(n log limit). */
export function rankCandidates<C extends RankableCandidate>(candidates: Iterable<C>, q: RankingQuery): Ranked<C>[] {
  const top: Array<Ranked<C> & { key: number }> = [];
  const recentSince = q.nowMs - RECENT_PARTICIPATION_MS;
  for (const c of candidates) {
    if (c.id === q.callerId || q.swiped.has(c.id)) continue;
    // Another embedding model (an embedder change mid-rebuild): not comparable.
    if (c.vector.length !== q.callerVector.length) continue;
    if (q.sceneId !== undefined && c.sceneId !== q.sceneId) continue;
    if (q.only && !q.only.has(c.id)) continue;
    const likedYou = q.likedBy.has(c.id);
    const recentlyActive = c.lastParticipationMs >= recentSince;
    const score = compatibilityScore(q.callerVector, c.vector);
    // One sortable key: the two buckets dominate, the score orders within a bucket.
    const key = (likedYou ? 4 : 0) + (recentlyActive ? 2 : 0) + score;
    if (top.length === q.limit && !better(key, c.id, top[top.length - 1])) continue;
    const entry = { candidate: c, score, likedYou, recentlyActive, key };
    let i = top.length;
    while (i > 0 && better(key, c.id, top[i - 1])) i--;
    top.splice(i, 0, entry);
    if (top.length > q.limit) top.pop();
  }
  return top.map(({ key: _key, ...rest }) => rest);
}

function better(key: number, id: string, than: { key: number; candidate: { id: string } }): boolean {
  return key > than.key || (key === than.key && id < than.candidate.id);
}
