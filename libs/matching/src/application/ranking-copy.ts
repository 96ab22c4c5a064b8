import { Block, CandidateMatrix, MatrixRows } from '../domain/candidate-matrix';
import { Ranked } from '../domain/discovery-order';
import { rankTop } from '../domain/discovery-ranking';
import { BuildTurns } from './build-turns';
import { SimilarityIndex } from './similarity-index';

/** What the main thread sends a ranking worker (ranking-workers.ts). */
export type ToWorker =
  | {
      kind: 'rows';
      dims: number;
      blocks: Block[];
      whole: boolean;
      rows: MatrixRows;
      /** The main thread's clock, for which bucket a changed agent goes in. */
      nowMs: number;
      /** From this many candidates this thread keeps the similarity index; null: never. */
      indexFrom: number | null;
    }
  | { kind: 'rank'; id: number; query: WireQuery };

export type FromWorker =
  | {
      kind: 'ranked';
      id: number;
      ranked: Ranked[];
      eligible: number;
      /** The main matrix's version the copy was at. */
      version: number;
    }
  /**
   * The similarity index began to be built, became usable, or stopped being (a new matrix to
   * build it for): where it stands for /api/health, and for which callers it answers.
   */
  | { kind: 'indexed'; ready: boolean; building: boolean; candidates: number; buildMs: number };

/** A `RankingQuery` as plain data (sets as arrays). */
export interface WireQuery {
  callerId: string;
  callerVector: Float32Array;
  swiped: string[];
  likedBy: string[];
  nowMs: number;
  limit: number;
  sceneId?: string;
}

/** What a copy needs from the thread it runs on (discovery-worker.ts gives it the real ones). */
export interface CopyHost {
  post(message: FromWorker): void;
  /** A monotonic clock in milliseconds, for the turns' budget and the build's duration. */
  now(): number;
  /** Runs `work` after the messages already received (`setImmediate` on a thread). */
  defer(work: () => void): void;
}

/** How long one slice of the index build holds the thread before queries waiting are answered. */
export const BUILD_SLICE_MS = 20;
/** How long the queries waiting are answered between two slices (at least one): build-turns.ts. */
export const QUERIES_MS = 10;

type Rank = Extract<ToWorker, { kind: 'rank' }>;
type Rows = Extract<ToWorker, { kind: 'rows' }>;

/**
 * A ranking worker's side of the pool (ranking-workers.ts): a copy of the candidate matrix, kept up
 * to date by the rows the main thread sends, and the same exact ranking (`rankTop`) run on it, so a
 * new caller's scan of every candidate runs beside the event loop. The copy told to (`indexFrom`,
 * one per pool) also keeps the HNSW index of itself once it has that many candidates
 * (similarity-index.ts): built in slices of BUILD_SLICE_MS that take turns with the queries
 * arriving meanwhile (build-turns.ts), which the exact scan answers until the index is built; then
 * used for every query while the population stays at or above the threshold.
 *
 * A class the thread's entry file only wires up, so that what the thread does with each message is
 * tested on the test's own thread, its clock and its turns in the test's hands.
 */
export class RankingCopy {
  private matrix: CandidateMatrix | null = null;
  /** The main thread's row of each of this copy's rows: answers name the main thread's rows. */
  private origin = new Int32Array(0);
  private version = -1;
  private index: SimilarityIndex | null = null;
  private indexFrom: number | null = null;
  private scheduled = false;
  /** What the main thread was last told of the index: `ready`, then `building`. */
  private announced: [boolean, boolean] = [false, false];
  private buildStarted = 0;
  private readonly turns: BuildTurns<Rank>;

  constructor(private readonly host: CopyHost) {
    this.turns = new BuildTurns<Rank>(QUERIES_MS, () => host.now(), {
      building: () => this.index?.building === true,
      ready: () => this.index?.ready === true,
      buildSlice: () => {
        if (this.index!.build(BUILD_SLICE_MS)) this.announce(true, false);
      },
      answer: (m) => this.answer(m),
    });
  }

  receive(m: ToWorker): void {
    if (m.kind === 'rows') return this.follow(m);
    if (this.turns.offer(m)) this.schedule();
  }

  /** Answers with the copy as it is now: the answer names that version, which the caller patches from. */
  private answer(m: Rank): void {
    const q = m.query;
    const query = { ...q, swiped: new Set(q.swiped), likedBy: new Set(q.likedBy) };
    const { index, matrix, indexFrom } = this;
    const useIndex = index?.ready && indexFrom !== null && matrix!.size >= indexFrom;
    const { ranked, eligible } =
      (useIndex ? index.rank(query) : null) ??
      (matrix ? rankTop(matrix, query) : { ranked: [], eligible: 0 });
    for (const r of ranked) r.row = this.origin[r.row];
    this.host.post({ kind: 'ranked', id: m.id, ranked, eligible, version: this.version });
  }

  private follow(m: Rows): void {
    this.indexFrom = m.indexFrom;
    if (m.whole || !this.matrix) {
      this.turns.flush();
      this.matrix = new CandidateMatrix(m.dims, m.blocks, Math.max(1024, m.rows.ids.length));
      this.index = null;
      this.announce(false, false);
    }
    const matrix = this.matrix;
    const here = this.index ? this.index.applyRows(m.rows, m.nowMs) : matrix.applyRows(m.rows);
    this.remember(here, m.rows.sourceRows);
    this.version = m.rows.version;
    if (!this.index && this.indexFrom !== null && matrix.size >= this.indexFrom) {
      this.index = new SimilarityIndex(matrix, m.nowMs);
      this.buildStarted = this.host.now();
      this.announce(false, true);
    }
    if (this.index?.building) this.schedule();
  }

  /** Records the main thread's row of each copied row. */
  private remember(here: Int32Array, there: Int32Array): void {
    let end = this.origin.length;
    for (const row of here) end = Math.max(end, row + 1);
    if (end > this.origin.length) {
      const grown = new Int32Array(Math.max(end, 2 * this.origin.length));
      grown.set(this.origin);
      this.origin = grown;
    }
    for (let i = 0; i < here.length; i++) this.origin[here[i]] = there[i];
  }

  /** The next turn of the build and the queries waiting, after the messages already here. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.host.defer(() => {
      this.scheduled = false;
      if (this.turns.turn()) this.schedule();
    });
  }

  private announce(ready: boolean, building: boolean): void {
    if (this.announced[0] === ready && this.announced[1] === building) return;
    this.announced = [ready, building];
    this.host.post({
      kind: 'indexed',
      ready,
      building,
      candidates: this.matrix?.size ?? 0,
      buildMs: Math.round(this.host.now() - this.buildStarted),
    });
  }
}
