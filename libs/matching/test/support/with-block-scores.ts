import { CandidateMatrix } from '../../src/domain/candidate-matrix';
import { blockScores, Ranked } from '../../src/domain/discovery-order';

/**
 * A ranking as a page must show it: each candidate with the block scores its row gives now, however
 * they were kept or sent (`Ranked.blockScores`).
 */
export function withBlockScores(
  m: CandidateMatrix,
  caller: Float32Array,
  ranked: Ranked[],
): Ranked[] {
  return ranked.map((r) => ({ ...r, blockScores: blockScores(m, caller, r.row) }));
}
