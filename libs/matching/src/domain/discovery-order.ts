import { CandidateMatrix } from './candidate-matrix';
import { CompatibilityBreakdown, EMBEDDING_BLOCKS } from './compatibility';
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
  /**
   * Its row in the matrix it was ranked on; a worker's answer names the main thread's row as of the
   * answer's version. Kept with the ranking (`KeptRanking.rows`) and read for the page's breakdown,
   * so the page looks up no id in the matrix's map of every candidate (docs/discovery-cost.md).
   */
  row: number;
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

/**
 * The row's score broken down by block, as `compatibility` breaks it down, read from the matrix
 * instead of the embeddings: a block of a `toVector` row is its unit vector scaled by √weight, so
 * its part of the dot product is weight × the block's cosine. Float32 arithmetic, like the score
 * itself (it can differ from `compatibility`'s float64 sub-score by about 1e-7). An all-zero block
 * gives a cosine of 0, the neutral 0.5, as `compatibility` does. Keeping only the matrix is what
 * lets discovery drop a parsed copy of every embedding (about 1 KB an agent). The matrix's blocks
 * must be the embedding's, in `EMBEDDING_BLOCKS` order (candidate-index.ts builds it so).
 */
export function rowBreakdown(
  m: CandidateMatrix,
  caller: Float32Array,
  row: number,
): CompatibilityBreakdown {
  if (m.blocks.length !== EMBEDDING_BLOCKS.length)
    throw new Error(`a breakdown needs the ${EMBEDDING_BLOCKS.length} embedding blocks`);
  const sub = (b: number) => {
    const offset = m.starts[b];
    const { end, weight } = m.blocks[b];
    const width = end - offset;
    const cos = dotRange(caller, offset, m.blockVectors[b], row * width, width) / weight;
    return (Math.min(1, Math.max(-1, cos)) + 1) / 2;
  };
  // A literal in EMBEDDING_BLOCKS' order, not a store by the block's name: that store went through
  // V8's generic path, about 15 000 instructions a page of 20 (docs/discovery-page-bytes.md).
  return { traits: sub(0), interests: sub(1), text: sub(2) };
}
