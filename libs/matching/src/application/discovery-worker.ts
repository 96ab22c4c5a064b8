import { isMainThread, parentPort } from 'node:worker_threads';
import { Block, CandidateMatrix, MatrixRows } from '../domain/candidate-matrix';
import { Ranked, rankTop } from '../domain/discovery-ranking';

/**
 * A ranking worker's side (the entry file of each thread of `RankingWorkers`): a copy of the
 * candidate matrix, kept up to date by the rows the main thread sends, and the same exact ranking
 * (`rankTop`) run on it, so a new caller's scan of every candidate runs beside the event loop.
 */
export type ToWorker =
  | { kind: 'rows'; dims: number; blocks: Block[]; whole: boolean; rows: MatrixRows }
  | { kind: 'rank'; id: number; query: WireQuery };

export type FromWorker = {
  id: number;
  ranked: Ranked[];
  eligible: number;
  /** The main matrix's version the copy was at. */
  version: number;
};

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

let matrix: CandidateMatrix | null = null;
let version = -1;

function receive(m: ToWorker): void {
  if (m.kind === 'rows') {
    if (m.whole || !matrix)
      matrix = new CandidateMatrix(m.dims, m.blocks, Math.max(1024, m.rows.ids.length));
    matrix.applyRows(m.rows);
    version = m.rows.version;
    return;
  }
  const q = m.query;
  const { ranked, eligible } = matrix
    ? rankTop(matrix, { ...q, swiped: new Set(q.swiped), likedBy: new Set(q.likedBy) })
    : { ranked: [], eligible: 0 };
  const answer: FromWorker = { id: m.id, ranked, eligible, version };
  parentPort!.postMessage(answer);
}

if (!isMainThread && parentPort) parentPort.on('message', receive);
