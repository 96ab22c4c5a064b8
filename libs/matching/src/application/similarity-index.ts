import { Index, MetricKind, ScalarKind } from 'usearch';
import { CandidateMatrix, MatrixRows } from '../domain/candidate-matrix';
import { Ranked, RankingQuery, RECENT_PARTICIPATION_MS } from '../domain/discovery-order';
import { dotRange } from '../domain/dot';
import { ExpiryQueue } from '../domain/expiry-queue';
import { Page } from './similarity-page';

/**
 * An approximate nearest-neighbour index (HNSW, `usearch`) over a candidate matrix's similarity key,
 * for discovery at populations where the exact scan costs too much per new caller (docs/discovery-
 * index.md). It answers what `rankTop` answers, up to its recall, in the spec's order:
 * - incoming likes are few and read per caller, so they are scored exactly, all of them;
 * - recently active and other candidates live in two indexes (`recent`, `stale`): a page takes the
 *   nearest of the recent index first and the other only for what is still missing, so no
 *   similarity can lift a candidate over a bucket;
 * - each index is asked for a few more than are missing, the filtered (self, swiped or blocked,
 *   removed, other scene, not on the guest list) are dropped, and if too few are left it is asked
 *   for four times as many, so a full page comes back whenever one exists; when that would read
 *   more than FALLBACK_SHARE of the candidates, `rank` returns null and the caller scans exactly;
 * - everything found is scored with the exact ranking's own dot product (`rowScore`) and sorted by
 *   (key, id), the exact ranking's order.
 * It follows the matrix it indexes (`applyRows`): new rows, new vectors, participation times that
 * move an agent between buckets, removals; recency that expires as time passes moves agents to the
 * stale index when a query's time passes their expiry (`ExpiryQueue`). HNSW removal leaves the node
 * in the graph, marked; when marked nodes outnumber live ones the indexes are built again beside
 * the live ones. Building runs in steps (`build`) so its thread can answer queries in between.
 * Measured parameters (bench/discovery-ann.js, docs/discovery-cost.md): degree 16, expansion 64
 * while adding and while searching, 1.5 neighbours asked per missing page entry: recall@20 0.995 at
 * 1 000 000 agents, for 0.7 ms of CPU per new caller (p50) against 1.6 ms with the 128 / 3 used
 * before 2026-11-26 (recall 0.999). Vectors in 8-bit integers since 2026-11-28
 * (docs/discovery-index-quantization.md).
 */
export interface SimilarityIndexOptions {
  connectivity: number;
  expansionAdd: number;
  expansionSearch: number;
  /** Neighbours asked per missing page entry. */
  oversample: number;
  /** How the index stores a vector: 8-bit integers, or half or single precision floats. */
  quantization: Quantization;
}

export type Quantization = 'i8' | 'f16' | 'f32';
const SCALAR_KINDS = { i8: ScalarKind.I8, f16: ScalarKind.F16, f32: ScalarKind.F32 } as const;

export const SIMILARITY_INDEX_DEFAULTS: SimilarityIndexOptions = {
  connectivity: 16,
  expansionAdd: 64,
  expansionSearch: 64,
  oversample: 1.5,
  quantization: 'i8',
};

/** Past this share of the candidates asked of one index, an exact scan is the cheaper way. */
const FALLBACK_SHARE = 0.25;
/**
 * Each vector's length in the index (`indexVector`). At 1, callers with a shorter vector found
 * 0.72 of their exact page where 30 % of the profiles had no interests or bio, 0.88 at 2 and
 * before the extra coordinate (docs/discovery-index-quantization.md).
 */
const STORED_LENGTH = 2;
const NONE = 0;
const RECENT = 1;
const STALE = 2;
type Bucket = typeof NONE | typeof RECENT | typeof STALE;

/** One generation of the two bucket indexes, keyed by matrix row. */
class Buckets {
  readonly recent: Index;
  readonly stale: Index;
  /** Where each row is, by row. */
  placed = new Uint8Array(1024);
  readonly expiries = new ExpiryQueue();
  /** Nodes removed from the graphs (HNSW keeps them, marked). */
  removed = 0;
  live = 0;

  constructor(dims: number, o: SimilarityIndexOptions) {
    const config = {
      dimensions: dims + 1,
      metric: MetricKind.IP,
      quantization: SCALAR_KINDS[o.quantization],
      connectivity: o.connectivity,
      expansion_add: o.expansionAdd,
      expansion_search: o.expansionSearch,
      multi: false,
    };
    this.recent = new Index(config);
    this.stale = new Index(config);
  }

  of(bucket: Bucket): Index {
    return bucket === RECENT ? this.recent : this.stale;
  }

  /** Puts the row where it belongs now; `moved` when its vector changed (or it is another agent). */
  place(m: CandidateMatrix, row: number, to: Bucket, moved: boolean): void {
    this.ensure(row + 1);
    const from = this.placed[row] as Bucket;
    if (from === to && !moved) return;
    if (from !== NONE) {
      this.of(from).remove(BigInt(row));
      this.removed++;
      this.live--;
    }
    this.placed[row] = to;
    if (to === NONE) return;
    this.of(to).add(BigInt(row), indexVector(m, row), 1);
    this.live++;
    if (to === RECENT)
      this.expiries.push(m.lastParticipationMs[row] + RECENT_PARTICIPATION_MS, row);
  }

  /** Rows not in either index yet, added to one in a single call. */
  addAll(m: CandidateMatrix, rows: readonly number[], to: Bucket, threads: number): void {
    if (rows.length === 0) return;
    this.ensure(rows[rows.length - 1] + 1);
    const vectors = new Float32Array(rows.length * (m.dims + 1));
    rows.forEach((row, i) => {
      vectors.set(indexVector(m, row), i * (m.dims + 1));
      this.placed[row] = to;
      if (to === RECENT)
        this.expiries.push(m.lastParticipationMs[row] + RECENT_PARTICIPATION_MS, row);
    });
    this.of(to).add(BigUint64Array.from(rows, BigInt), vectors, threads);
    this.live += rows.length;
  }

  private ensure(rows: number): void {
    if (rows <= this.placed.length) return;
    const grown = new Uint8Array(Math.max(rows, this.placed.length * 2));
    grown.set(this.placed);
    this.placed = grown;
  }
}

export class SimilarityIndex {
  private live: Buckets | null = null;
  private next: Buckets | null = null;
  /** Rows below this are in `next`. */
  private cursor = 0;
  private nowMs: number;

  constructor(
    readonly matrix: CandidateMatrix,
    nowMs: number,
    private readonly options: SimilarityIndexOptions = SIMILARITY_INDEX_DEFAULTS,
  ) {
    this.nowMs = nowMs;
    this.next = new Buckets(matrix.dims, options);
  }

  /** True once a whole generation is built (queries before that are for the exact scan). */
  get ready(): boolean {
    return this.live !== null;
  }

  /** True while a generation is being built (`build` has work to do). */
  get building(): boolean {
    return this.next !== null;
  }

  /** Nodes in the graphs, live and removed (for memory reports). */
  get nodes(): number {
    return this.live ? this.live.live + this.live.removed : 0;
  }

  /**
   * Adds rows to the generation being built until `budgetMs` has passed (at least one batch), with
   * `threads` threads of usearch's own (1 in a ranking worker: the other core serves requests);
   * true when no build is left to do.
   */
  build(budgetMs: number, batch = 256, threads = 1): boolean {
    const b = this.next;
    if (!b) return true;
    const m = this.matrix;
    const since = this.nowMs - RECENT_PARTICIPATION_MS;
    const started = performance.now();
    do {
      const end = Math.min(m.rows, this.cursor + batch);
      const rows: Record<Bucket, number[]> = { [NONE]: [], [RECENT]: [], [STALE]: [] };
      for (let row = this.cursor; row < end; row++) rows[bucketOf(m, row, since)].push(row);
      b.addAll(m, rows[RECENT], RECENT, threads);
      b.addAll(m, rows[STALE], STALE, threads);
      this.cursor = end;
    } while (this.cursor < m.rows && performance.now() - started < budgetMs);
    if (this.cursor < m.rows) return false;
    this.live = b;
    this.next = null;
    return true;
  }

  /**
   * Applies rows from another matrix (`rowsSince`) to the matrix and to the index; returns where
   * each of `rows.ids` is in the matrix (`CandidateMatrix.applyRows`).
   */
  applyRows(rows: MatrixRows, nowMs: number): Int32Array {
    const m = this.matrix;
    this.nowMs = Math.max(this.nowMs, nowMs);
    const touched = new Map<number, boolean>();
    for (const id of rows.removed) {
      const row = m.rowOf.get(id);
      if (row !== undefined) touched.set(row, true);
    }
    for (let i = 0; i < rows.ids.length; i++) {
      const row = m.rowOf.get(rows.ids[i]);
      if (row === undefined) continue;
      const incoming = rows.vectors.subarray(i * m.dims, (i + 1) * m.dims);
      touched.set(row, (touched.get(row) ?? false) || !m.sameVector(row, incoming));
    }
    const here = m.applyRows(rows);
    // New agents' rows (new or reused) hold another vector than the index may have.
    for (const row of here) if (!touched.has(row)) touched.set(row, true);
    const since = this.nowMs - RECENT_PARTICIPATION_MS;
    for (const [row, moved] of touched) {
      const to = bucketOf(m, row, since);
      this.live?.place(m, row, to, moved);
      if (this.next && row < this.cursor) this.next.place(m, row, to, moved);
    }
    if (this.live && !this.next && this.live.removed > Math.max(1024, this.live.live)) {
      this.next = new Buckets(m.dims, this.options);
      this.cursor = 0;
    }
    return here;
  }

  /**
   * The top `q.limit` in discovery order, as `rankTop` would rank them up to the index's recall,
   * or null when the index is not built yet or the filters leave so few that a scan is cheaper.
   */
  rank(q: RankingQuery): { ranked: Ranked[]; eligible: number } | null {
    const b = this.live;
    if (!b || q.callerVector.length !== this.matrix.dims || q.limit <= 0) return null;
    this.nowMs = Math.max(this.nowMs, q.nowMs);
    this.expire(b, q.nowMs);
    const page = new Page(this.matrix, q);
    const query = new Float32Array(this.matrix.dims + 1);
    query.set(q.callerVector);
    for (const id of q.likedBy) {
      const row = this.matrix.rowOf.get(id);
      if (row !== undefined) page.take(row);
    }
    let exhausted = true;
    for (const index of [b.recent, b.stale]) {
      const wanted = q.limit - page.items.length;
      if (wanted <= 0) {
        exhausted = false;
        break;
      }
      const size = index.size();
      let k = Math.min(
        size,
        Math.ceil(this.options.oversample * wanted) + 8 + q.likedBy.size + q.swiped.size,
      );
      for (let found = 0; ; k = Math.min(size, 4 * k)) {
        if (k === 0) break;
        if (k > FALLBACK_SHARE * this.matrix.size && k > 1024) return null;
        for (const key of index.search(query, k, 1).keys) if (page.take(Number(key))) found++;
        if (found >= wanted || k >= size) break;
      }
      page.sort();
    }
    const ranked = page.items.slice(0, q.limit).map(({ key: _key, ...r }): Ranked => r);
    // Fewer than asked only when every index was read to its end: then nothing else is eligible.
    return {
      ranked,
      eligible: exhausted && ranked.length < q.limit ? ranked.length : this.matrix.size,
    };
  }

  /** Moves the agents whose recent participation has expired by `nowMs` to the stale index. */
  private expire(b: Buckets, nowMs: number): void {
    const m = this.matrix;
    const since = nowMs - RECENT_PARTICIPATION_MS;
    for (let row = b.expiries.popDue(nowMs); row >= 0; row = b.expiries.popDue(nowMs))
      if (b.placed[row] === RECENT && m.active[row] && m.lastParticipationMs[row] < since)
        b.place(m, row, STALE, false);
  }
}

function bucketOf(m: CandidateMatrix, row: number, since: number): Bucket {
  if (!m.active[row]) return NONE;
  return m.lastParticipationMs[row] >= since ? RECENT : STALE;
}

/**
 * The row's vector as the index holds it: one coordinate more, which brings every vector's length
 * to STORED_LENGTH (a query's is 0, so no inner product with a query changes). usearch scales a
 * vector to length 1 before it makes 8-bit integers of it (`cast_to_i8_gt`,
 * include/usearch/index_plugins.hpp): without a common length, a profile with an empty block (a
 * shorter vector) would be searched as if it were nearer than it is.
 */
function indexVector(m: CandidateMatrix, row: number): Float32Array {
  const out = m.copyRow(row, new Float32Array(m.dims + 1));
  out[m.dims] = Math.sqrt(Math.max(0, STORED_LENGTH ** 2 - dotRange(out, 0, out, 0, m.dims)));
  return out;
}
