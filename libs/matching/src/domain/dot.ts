/**
 * Dot products for discovery's scan, the hot loop of GET /discover. Four running sums (indices
 * i mod 4), added as (s0 + s1) + (s2 + s3): every function here sums in that one order, so a block's
 * part of a dot product is the same number whichever of them computed it.
 */
export function dotRange(
  a: Float32Array,
  aOffset: number,
  b: Float32Array,
  bOffset: number,
  width: number,
): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i + 3 < width; i += 4) {
    s0 += a[aOffset + i] * b[bOffset + i];
    s1 += a[aOffset + i + 1] * b[bOffset + i + 1];
    s2 += a[aOffset + i + 2] * b[bOffset + i + 2];
    s3 += a[aOffset + i + 3] * b[bOffset + i + 3];
  }
  for (; i < width; i++) s0 += a[aOffset + i] * b[bOffset + i];
  return s0 + s1 + (s2 + s3);
}

/**
 * `out[row] = dotRange(query, 0, rows, row × width, width)` for rows [0, count). Sixteen wide (the
 * local embedder's first block) is written out with the query held in locals, about twice as fast
 * as the loop on this machine's V8; any other width takes the loop.
 */
export function dotEachRow(
  query: Float32Array,
  rows: Float32Array,
  width: number,
  count: number,
  out: Float64Array,
): void {
  if (width !== 16) {
    for (let row = 0; row < count; row++) out[row] = dotRange(query, 0, rows, row * width, width);
    return;
  }
  const [q0, q1, q2, q3, q4, q5, q6, q7, q8, q9, q10, q11, q12, q13, q14, q15] = query;
  for (let row = 0, v = 0; row < count; row++, v += 16) {
    const s0 = q0 * rows[v] + q4 * rows[v + 4] + q8 * rows[v + 8] + q12 * rows[v + 12];
    const s1 = q1 * rows[v + 1] + q5 * rows[v + 5] + q9 * rows[v + 9] + q13 * rows[v + 13];
    const s2 = q2 * rows[v + 2] + q6 * rows[v + 6] + q10 * rows[v + 10] + q14 * rows[v + 14];
    const s3 = q3 * rows[v + 3] + q7 * rows[v + 7] + q11 * rows[v + 11] + q15 * rows[v + 15];
    out[row] = s0 + s1 + (s2 + s3);
  }
}
