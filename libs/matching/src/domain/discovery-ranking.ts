import { CandidateMatrix } from './candidate-matrix';

/**
 * Discovery's order (spec §4): incoming likes first (`likedYou`), then recent participation, then
 * compatibility. "Recent participation" is a bucket, not a timestamp order — otherwise the score
 * would almost never matter: an agent is recently active when it took part (registered, changed its
 * profile, swiped, wrote, rated, took part in a date or the mixer) within RECENT_PARTICIPATION_MS.
 */
export const RECENT_PARTICIPATION_MS = 7 * 24 * 60 * 60 * 1000;

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

export interface Ranked {
  id: string;
  score: number;
  likedYou: boolean;
  recentlyActive: boolean;
  lastParticipationMs: number;
}

/** Cosine of two √weight-scaled unit-block vectors, mapped to 0..1. */
export function compatibilityScore(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  return toScore(dot);
}

// Float rounding can step outside [-1, 1] by an ulp.
const toScore = (dot: number) => Math.min(1, Math.max(0, (dot + 1) / 2));

/**
 * Top `limit` candidates in discovery order, in one pass over the matrix, O(n log limit). The two
 * buckets dominate a single sort key and the score orders within a bucket. Once the top list is
 * full, a candidate is dropped as soon as it cannot beat the last entry: after each block of the
 * vector the rest of the dot product can add at most the remaining blocks' weights, so most rows
 * stop after their first block.
 */
export function rankCandidates(m: CandidateMatrix, q: RankingQuery): Ranked[] {
  const { dims, blocks, vectors, lastParticipationMs, active, ids, sceneIds } = m;
  if (q.callerVector.length !== dims) return [];
  // Per-query marks by row instead of a set lookup per candidate.
  const skip = new Uint8Array(m.rows);
  const liked = new Uint8Array(m.rows);
  const mark = (set: ReadonlySet<string>, into: Uint8Array) => {
    for (const id of set) {
      const row = m.rowOf.get(id);
      if (row !== undefined) into[row] = 1;
    }
  };
  mark(q.swiped, skip);
  mark(q.likedBy, liked);
  const self = m.rowOf.get(q.callerId);
  if (self !== undefined) skip[self] = 1;
  let only: Uint8Array | null = null;
  if (q.only) {
    only = new Uint8Array(m.rows);
    mark(q.only, only);
  }
  const remaining = blocks.map((_, b) => blocks.slice(b + 1).reduce((s, x) => s + x.weight, 0));
  const recentSince = q.nowMs - RECENT_PARTICIPATION_MS;
  const caller = q.callerVector;
  const top: Array<{ row: number; key: number; score: number }> = [];
  let worst = -Infinity;
  let worstId = '';

  for (let row = 0; row < m.rows; row++) {
    if (!active[row] || skip[row] || (only && !only[row])) continue;
    if (q.sceneId !== undefined && sceneIds[row] !== q.sceneId) continue;
    const bucket = (liked[row] ? 4 : 0) + (lastParticipationMs[row] >= recentSince ? 2 : 0);
    const full = top.length === q.limit;
    if (full && bucket + 1 < worst) continue; // even a perfect score cannot enter
    const base = row * dims;
    let dot = 0;
    let start = 0;
    let pruned = false;
    for (let b = 0; b < blocks.length; b++) {
      const end = blocks[b].end;
      for (let i = start; i < end; i++) dot += caller[i] * vectors[base + i];
      start = end;
      if (full && bucket + toScore(dot + remaining[b] + 1e-6) < worst) {
        pruned = true;
        break;
      }
    }
    if (pruned) continue;
    const score = toScore(dot);
    const key = bucket + score;
    if (full && (key < worst || (key === worst && ids[row] > worstId))) continue;
    let i = top.length;
    while (i > 0 && (key > top[i - 1].key || (key === top[i - 1].key && ids[row] < ids[top[i - 1].row]))) i--;
    top.splice(i, 0, { row, key, score });
    if (top.length > q.limit) top.pop();
    if (top.length === q.limit) {
      worst = top[top.length - 1].key;
      worstId = ids[top[top.length - 1].row];
    }
  }
  return top.map(({ row, score }) => ({
    id: ids[row],
    score,
    likedYou: liked[row] === 1,
    recentlyActive: lastParticipationMs[row] >= recentSince,
    lastParticipationMs: lastParticipationMs[row],
  }));
}
