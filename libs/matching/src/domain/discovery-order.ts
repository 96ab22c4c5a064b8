import { CandidateMatrix } from './candidate-matrix';
import { dotRange } from './dot';

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

// Float rounding can step outside [-1, 1] by an ulp.
export const toScore = (dot: number) => Math.min(1, Math.max(0, (dot + 1) / 2));

/** A candidate's place in discovery order: its bucket plus its score. */
export const keyOf = (r: Pick<Ranked, 'likedYou' | 'recentlyActive' | 'score'>) =>
  (r.likedYou ? 4 : 0) + (r.recentlyActive ? 2 : 0) + r.score;

/** One row's score, summed block by block exactly as the ranking sums it. */
export function rowScore(m: CandidateMatrix, caller: Float32Array, row: number): number {
  let d = 0;
  for (let b = 0; b < m.blocks.length; b++) {
    const offset = m.starts[b];
    const width = m.blocks[b].end - offset;
    d += dotRange(caller, offset, m.blockVectors[b], row * width, width);
  }
  return toScore(d);
}
