import { CandidateMatrix } from '../domain/candidate-matrix';

// The vectors discovery's similarity index holds (similarity-index.ts), and how it measures them.

/**
 * The row's vector as the index holds it: one coordinate more, which brings its length to 1 (a
 * query's is 0, so no inner product changes). usearch scales a vector to length 1 before it makes
 * 8-bit integers of it (`cast_to_i8_gt`, include/usearch/index_plugins.hpp): without the extra
 * coordinate a profile with an empty block (length below 1) would be searched as if it were
 * nearer than it is. This is the usual reduction of an inner-product search to a cosine one.
 */
export function indexVector(m: CandidateMatrix, row: number): Float32Array {
  const out = m.copyRow(row, new Float32Array(m.dims + 1));
  out[m.dims] = Math.sqrt(Math.max(0, 1 - squaredLength(out, m.dims)));
  return out;
}

function squaredLength(v: Float32Array, dims: number): number {
  let squared = 0;
  for (let i = 0; i < dims; i++) squared += v[i] * v[i];
  return squared;
}

export function sameVector(a: Float32Array, b: Float32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
