import { CandidateMatrix } from './candidate-matrix';
import { Ranked, RankingQuery, RECENT_PARTICIPATION_MS, toScore } from './discovery-order';
import { dotEachRow, dotRange } from './dot';

/** Bins of the histogram of bounds that picks the rows scored first. */
const BINS = 4096;
/** How many of the best-bounded rows are scored first. */
const SEED = 256;
/** Slack on a bound for Float32 rounding. */
const EPSILON = 1e-6;

/**
 * Top `limit` candidates in discovery order, the same as a full sort by (bucket + score, id). The two
 * buckets dominate a single sort key and the score orders within a bucket. An exact search, in two
 * passes:
 * 1. every eligible row's first block of the dot product, which bounds its key from above (the
 *    other blocks can add at most their weights);
 * 2. the few hundred rows with the best bounds, finished, which fills the top list with good keys
 *    at once; then every other row, finished block by block and dropped as soon as its bound falls
 *    below the last of the top list.
 * On real profiles most rows then stop at their first block (in plain row order the threshold rose
 * slowly and most rows needed two or three). Both passes read rows in order (memory forwards), and
 * each step is its own top-level function: V8 optimises them once, where closures made per call
 * were deoptimised over and over.
 */
export function rankCandidates(m: CandidateMatrix, q: RankingQuery): Ranked[] {
  return rankTop(m, q).ranked;
}

/** The top `limit`, and how many candidates were eligible in all. */
export function rankTop(
  m: CandidateMatrix,
  q: RankingQuery,
): { ranked: Ranked[]; eligible: number } {
  if (q.callerVector.length !== m.dims || q.limit <= 0) return { ranked: [], eligible: 0 };
  const s = new Search(m, q);
  try {
    firstBlocks(s, m, q);
    const seedBin = seedBinOf(s);
    for (let j = 0; j < s.count; j++) if (s.bins[j] >= seedBin) finish(s, m, s.eligible[j]);
    for (let j = 0; j < s.count; j++) if (s.bins[j] < seedBin) finish(s, m, s.eligible[j]);
    const recentSince = q.nowMs - RECENT_PARTICIPATION_MS;
    const ranked = s.top.map(({ row, score }) => ({
      id: m.ids[row],
      row,
      score,
      likedYou: s.liked[row] === 1,
      recentlyActive: m.lastParticipationMs[row] >= recentSince,
      lastParticipationMs: m.lastParticipationMs[row],
    }));
    return { ranked, eligible: s.total };
  } finally {
    s.clearMarks(m, q);
  }
}

/**
 * Per-row working arrays, kept from one ranking to the next: a ranking runs to its end without
 * yielding, so one set per thread serves every query. Made afresh per query they were 2.4 MB at
 * 100 000 rows, zeroed, and the garbage collections that followed.
 */
class Scratch {
  readonly skip: Uint8Array;
  readonly liked: Uint8Array;
  readonly only: Uint8Array;
  readonly dot: Float64Array;
  readonly bound: Float64Array;
  readonly bucket: Uint8Array;
  readonly eligible: Int32Array;
  readonly bins: Uint16Array;

  constructor(readonly capacity: number) {
    this.skip = new Uint8Array(capacity);
    this.liked = new Uint8Array(capacity);
    this.only = new Uint8Array(capacity);
    this.dot = new Float64Array(capacity);
    this.bound = new Float64Array(capacity);
    this.bucket = new Uint8Array(capacity);
    this.eligible = new Int32Array(capacity);
    this.bins = new Uint16Array(capacity);
  }
}

let scratch: Scratch | null = null;

function scratchFor(rows: number): Scratch {
  if (!scratch || scratch.capacity < rows) scratch = new Scratch(Math.ceil(rows * 1.25) + 1024);
  return scratch;
}

/** One query's working state, of one shape for every query. */
class Search {
  readonly skip: Uint8Array;
  readonly liked: Uint8Array;
  readonly only: Uint8Array | null;
  /** Each block's largest possible share of the dot product after it. */
  readonly remaining: number[];
  readonly dot: Float64Array;
  readonly bound: Float64Array;
  readonly bucket: Uint8Array;
  readonly eligible: Int32Array;
  /** The histogram bin of each eligible row's bound. */
  readonly bins: Uint16Array;
  /** Rows that can reach the top list (in `eligible`), and eligible rows in all. */
  count = 0;
  total = 0;
  lo = Infinity;
  hi = -Infinity;
  scale = 0;
  readonly top: Array<{ row: number; key: number; score: number }> = [];
  readonly limit: number;
  readonly caller: Float32Array;
  worst = -Infinity;
  worstId = '';

  constructor(m: CandidateMatrix, q: RankingQuery) {
    const work = scratchFor(m.rows);
    // Per-query marks by row instead of a set lookup per candidate; cleared again by clearMarks.
    this.skip = mark(m, q.swiped, work.skip, 1);
    this.liked = mark(m, q.likedBy, work.liked, 1);
    this.only = q.only ? mark(m, q.only, work.only, 1) : null;
    const self = m.rowOf.get(q.callerId);
    if (self !== undefined) this.skip[self] = 1;
    this.remaining = m.blocks.map((_, b) =>
      m.blocks.slice(b + 1).reduce((sum, x) => sum + x.weight, 0),
    );
    this.dot = work.dot;
    this.bound = work.bound;
    this.bucket = work.bucket;
    this.eligible = work.eligible;
    this.bins = work.bins;
    this.limit = q.limit;
    this.caller = q.callerVector;
  }

  /** Leaves the shared marks all zero for the next query. */
  clearMarks(m: CandidateMatrix, q: RankingQuery): void {
    mark(m, q.swiped, this.skip, 0);
    mark(m, q.likedBy, this.liked, 0);
    if (q.only && this.only) mark(m, q.only, this.only, 0);
    const self = m.rowOf.get(q.callerId);
    if (self !== undefined) this.skip[self] = 0;
  }

  binOf(bound: number): number {
    return Math.min(BINS - 1, Math.floor((bound - this.lo) * this.scale));
  }
}

function mark(
  m: CandidateMatrix,
  ids: ReadonlySet<string>,
  out: Uint8Array,
  value: 0 | 1,
): Uint8Array {
  for (const id of ids) {
    const row = m.rowOf.get(id);
    if (row !== undefined) out[row] = value;
  }
  return out;
}

/**
 * Pass 1: every eligible row's bucket, then the first block of the dot product and the bound on the
 * key of each row that can still reach the top list. A row's key lies in [bucket, bucket + 1] and
 * buckets step by 2, so when the buckets from the highest down to some bucket hold `limit` eligible
 * rows, no row of a lower bucket can enter the top list: those are not scored at all (with fewer
 * than half the agents recently active, most rows then cost no dot product).
 */
function firstBlocks(s: Search, m: CandidateMatrix, q: RankingQuery): void {
  const { active, lastParticipationMs, sceneIds } = m;
  const { skip, only, liked, dot, bound, bucket, eligible } = s;
  const recentSince = q.nowMs - RECENT_PARTICIPATION_MS;
  const scene = q.sceneId;
  const perBucket = [0, 0, 0, 0];
  let total = 0;
  for (let row = 0; row < m.rows; row++) {
    if (!active[row] || skip[row] || (only !== null && !only[row])) continue;
    if (scene !== undefined && sceneIds[row] !== scene) continue;
    const k = (liked[row] ? 4 : 0) + (lastParticipationMs[row] >= recentSince ? 2 : 0);
    bucket[row] = k;
    eligible[total++] = row;
    perBucket[k >> 1]++;
  }
  s.total = total;
  let floor = 6;
  let considered = perBucket[3];
  while (floor > 0 && considered < s.limit) {
    floor -= 2;
    considered += perBucket[floor >> 1];
  }
  const width = m.blocks[0].end;
  const block = m.blockVectors[0];
  // The dense pass over every row is about twice as fast per row as one row at a time.
  const dense = 2 * considered > m.rows;
  if (dense) dotEachRow(q.callerVector, block, width, m.rows, dot);
  const rest = s.remaining[0] + EPSILON;
  let count = 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (let j = 0; j < total; j++) {
    const row = eligible[j];
    const k = bucket[row];
    if (k < floor) continue;
    if (!dense) dot[row] = dotRange(q.callerVector, 0, block, row * width, width);
    const b = k + toScore(dot[row] + rest);
    bound[row] = b;
    eligible[count++] = row;
    if (b < lo) lo = b;
    if (b > hi) hi = b;
  }
  s.count = count;
  s.lo = lo;
  s.hi = hi;
  s.scale = hi > lo ? BINS / (hi - lo) : 0;
}

/** The lowest bin of a histogram of the bounds that, with the bins above it, holds the SEED best rows. */
function seedBinOf(s: Search): number {
  const wanted = Math.max(SEED, s.limit);
  if (s.count <= wanted) {
    s.bins.fill(0, 0, s.count); // every row is a seed
    return 0;
  }
  const histogram = new Int32Array(BINS);
  for (let j = 0; j < s.count; j++) histogram[(s.bins[j] = s.binOf(s.bound[s.eligible[j]]))]++;
  let bin = BINS;
  for (let seen = 0; bin > 0 && seen < wanted;) seen += histogram[--bin];
  return bin;
}

/** The rest of a row's dot product, block by block, unless its bound falls below the top list. */
function finish(s: Search, m: CandidateMatrix, row: number): void {
  const full = s.top.length === s.limit;
  const worst = s.worst;
  if (full && s.bound[row] < worst) return;
  const k = s.bucket[row];
  let d = s.dot[row];
  for (let b = 1; b < m.blocks.length; b++) {
    const offset = m.starts[b];
    const width = m.blocks[b].end - offset;
    d += dotRange(s.caller, offset, m.blockVectors[b], row * width, width);
    if (full && k + toScore(d + s.remaining[b] + EPSILON) < worst) return;
  }
  const score = toScore(d);
  offer(s, m.ids, row, k + score, score);
}

/** Into the top list, kept sorted by key and then id. */
function offer(s: Search, ids: string[], row: number, key: number, score: number): void {
  const top = s.top;
  if (top.length === s.limit && (key < s.worst || (key === s.worst && ids[row] > s.worstId)))
    return;
  let i = top.length;
  while (
    i > 0 &&
    (key > top[i - 1].key || (key === top[i - 1].key && ids[row] < ids[top[i - 1].row]))
  )
    i--;
  top.splice(i, 0, { row, key, score });
  if (top.length > s.limit) top.pop();
  if (top.length === s.limit) {
    s.worst = top[top.length - 1].key;
    s.worstId = ids[top[top.length - 1].row];
  }
}
