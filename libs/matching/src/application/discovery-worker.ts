import { isMainThread, parentPort } from 'node:worker_threads';
import { Block, CandidateMatrix, MatrixRows } from '../domain/candidate-matrix';
import { Ranked } from '../domain/discovery-order';
import { rankTop } from '../domain/discovery-ranking';
import { BuildTurns } from './build-turns';
import { SimilarityIndex } from './similarity-index';

/**
 * A ranking worker's side (the entry file of each thread of `RankingWorkers`): a copy of the
 * candidate matrix, kept up to date by the rows the main thread sends, and the same exact ranking
 * (`rankTop`) run on it, so a new caller's scan of every candidate runs beside the event loop.
 * The thread told to (`indexFrom`, one per pool) also keeps the HNSW index of that copy once it has
 * that many candidates (similarity-index.ts): built here in slices of BUILD_SLICE_MS that take
 * turns with the queries arriving meanwhile (build-turns.ts), which the exact scan answers until
 * the index is built; then used for every query while the population stays at or above the
 * threshold.
 */
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

/** How long one slice of the index build holds this thread before queries waiting are answered. */
const BUILD_SLICE_MS = 20;
/** How long the queries waiting are answered between two slices (at least one): build-turns.ts. */
const QUERIES_MS = 10;

let matrix: CandidateMatrix | null = null;
/** The main thread's row of each of this copy's rows: answers name the main thread's rows. */
let origin = new Int32Array(0);
let version = -1;
let index: SimilarityIndex | null = null;
let indexFrom: number | null = null;
let scheduled = false;
/** What the main thread was last told of the index: `ready`, then `building`. */
let announced: [boolean, boolean] = [false, false];
let buildStarted = 0;
type Rank = Extract<ToWorker, { kind: 'rank' }>;
/** The queries and the index's first build, in turns while the exact scan answers (build-turns.ts). */
const turns = new BuildTurns<Rank>(QUERIES_MS, () => performance.now(), {
  building: () => index?.building === true,
  ready: () => index?.ready === true,
  buildSlice: () => {
    if (index!.build(BUILD_SLICE_MS)) announce(true, false);
  },
  answer,
});

function receive(m: ToWorker): void {
  if (m.kind === 'rows') return follow(m);
  if (turns.offer(m)) schedule();
}

/** Answers with the copy as it is now: the answer names that version, which the caller patches from. */
function answer(m: Rank): void {
  const q = m.query;
  const query = { ...q, swiped: new Set(q.swiped), likedBy: new Set(q.likedBy) };
  const useIndex = index?.ready && indexFrom !== null && matrix!.size >= indexFrom;
  const { ranked, eligible } =
    (useIndex ? index!.rank(query) : null) ??
    (matrix ? rankTop(matrix, query) : { ranked: [], eligible: 0 });
  for (const r of ranked) r.row = origin[r.row];
  const message: FromWorker = { kind: 'ranked', id: m.id, ranked, eligible, version };
  parentPort!.postMessage(message);
}

function follow(m: Extract<ToWorker, { kind: 'rows' }>): void {
  indexFrom = m.indexFrom;
  if (m.whole || !matrix) {
    turns.flush();
    matrix = new CandidateMatrix(m.dims, m.blocks, Math.max(1024, m.rows.ids.length));
    index = null;
    announce(false, false);
  }
  const here = index ? index.applyRows(m.rows, m.nowMs) : matrix.applyRows(m.rows);
  remember(here, m.rows.sourceRows);
  version = m.rows.version;
  if (!index && indexFrom !== null && matrix.size >= indexFrom) {
    index = new SimilarityIndex(matrix, m.nowMs);
    buildStarted = performance.now();
    announce(false, true);
  }
  if (index?.building) schedule();
}

/** Records the main thread's row of each copied row. */
function remember(here: Int32Array, there: Int32Array): void {
  let end = origin.length;
  for (const row of here) end = Math.max(end, row + 1);
  if (end > origin.length) {
    const grown = new Int32Array(Math.max(end, 2 * origin.length));
    grown.set(origin);
    origin = grown;
  }
  for (let i = 0; i < here.length; i++) origin[here[i]] = there[i];
}

/** The next turn of the build and the queries waiting (build-turns.ts), after the messages already here. */
function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    if (turns.turn()) schedule();
  });
}

function announce(ready: boolean, building: boolean): void {
  if (announced[0] === ready && announced[1] === building) return;
  announced = [ready, building];
  const message: FromWorker = {
    kind: 'indexed',
    ready,
    building,
    candidates: matrix?.size ?? 0,
    buildMs: Math.round(performance.now() - buildStarted),
  };
  parentPort!.postMessage(message);
}

if (!isMainThread && parentPort) parentPort.on('message', receive);
