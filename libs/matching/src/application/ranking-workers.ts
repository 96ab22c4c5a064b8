import { Logger } from '@nestjs/common';
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { moduleWorker } from '@companion/event-store';
import { CandidateMatrix } from '../domain/candidate-matrix';
import { Ranked, RankingQuery } from '../domain/discovery-order';
import type { FromWorker, ToWorker } from './ranking-copy';

type Ranking = Extract<FromWorker, { kind: 'ranked' }>;

/** Where this process's similarity index stands (GET /api/health, docs/discovery-index.md). */
export interface SimilarityIndexState {
  /**
   * `off`: no index in this process (no ranking worker, one failed, or no threshold set); `waiting`:
   * the population is below the threshold, or no new caller has asked since it reached it;
   * `building`: new callers get the exact scan meanwhile; `ready`: new callers are ranked by it.
   */
  state: 'off' | 'waiting' | 'building' | 'ready';
  /** The population from which the index is used (DISCOVERY_INDEX_MIN_AGENTS); null when off. */
  threshold: number | null;
  /** Candidates when the index's build began, then when it was built; null while waiting. */
  candidates: number | null;
}

interface Thread {
  worker: Worker;
  /** The matrix its copy follows, and the version it was last sent. */
  matrix: CandidateMatrix | null;
  version: number;
  pending: number;
}

/**
 * Threads that rank new callers for discovery (discovery-worker.ts), so a scan of 100 000 candidates
 * (about 10 ms) no longer holds the event loop and two callers are ranked on two cores at once. Each
 * thread keeps a copy of the candidate matrix; before a query it is sent what changed since its last
 * one (`CandidateMatrix.rowsSince`), in the same ordered channel, so the answer is the exact ranking
 * of the matrix at the version it names. The caller patches that answer up to the present
 * (`freshRanking`). A thread that fails ends the pool: callers then rank on the event loop.
 *
 * From `indexFrom` candidates the first thread also keeps an HNSW index of its copy (similarity-
 * index.ts, docs/discovery-index.md), built there in slices: it is sent every change even when
 * another thread ranks, and once it says the index is ready every new caller is ranked by it.
 * Until then callers get the exact scan, on the other threads when the pool may have any (the
 * build then has its thread to itself), as below the threshold.
 */
export class RankingWorkers {
  private readonly threads: Thread[] = [];
  private readonly waiting = new Map<
    number,
    { resolve: (a: Ranking) => void; reject: (e: Error) => void }
  >();
  private nextId = 1;
  private failure: Error | null = null;
  /** The first thread's similarity index answers queries. */
  private indexReady = false;
  /** The first thread is building its index; candidates when it began, then when it was done. */
  private indexBuilding = false;
  private indexCandidates: number | null = null;
  private readonly logger = new Logger('Discovery');

  constructor(
    private readonly size: number,
    private readonly indexFrom = Infinity,
  ) {}

  /** The population from which new callers are ranked by the similarity index once it is built. */
  get indexThreshold(): number {
    return this.indexFrom;
  }

  /** True while the first thread's similarity index is built and answers new callers. */
  get indexed(): boolean {
    return this.indexReady;
  }

  /** `population`: the candidates now (CandidateIndex); below the threshold the index answers no one. */
  indexState(population: number): SimilarityIndexState {
    if (!this.usable || this.indexFrom === Infinity)
      return { state: 'off', threshold: null, candidates: null };
    const threshold = this.indexFrom;
    if (this.indexReady && population >= threshold)
      return { state: 'ready', threshold, candidates: this.indexCandidates };
    if (this.indexBuilding)
      return { state: 'building', threshold, candidates: this.indexCandidates };
    return { state: 'waiting', threshold, candidates: null };
  }

  /** False once a thread has failed (or when the pool has no threads). */
  get usable(): boolean {
    return this.size > 0 && this.failure === null;
  }

  async rank(
    m: CandidateMatrix,
    q: RankingQuery,
  ): Promise<{ ranked: Ranked[]; eligible: number; version: number }> {
    if (this.failure) throw this.failure;
    const indexed = m.size >= this.indexFrom;
    // The index's thread follows every change, so it builds and stays current while others rank.
    if (indexed) this.send(this.threads[0] ?? this.pick(), m, q.nowMs);
    // While it builds the index, the exact scans go to the other threads if the pool may have any:
    // the build then has its thread to itself (build-turns.ts shares it when it is the only one).
    const thread = !indexed ? this.pick() : this.indexReady ? this.threads[0] : this.pick(true);
    this.send(thread, m, q.nowMs);
    const id = this.nextId++;
    thread.pending++;
    try {
      const { ranked, eligible, version } = await new Promise<Ranking>((resolve, reject) => {
        this.waiting.set(id, { resolve, reject });
        const message: ToWorker = {
          kind: 'rank',
          id,
          query: {
            callerId: q.callerId,
            callerVector: q.callerVector,
            swiped: [...q.swiped],
            likedBy: [...q.likedBy],
            nowMs: q.nowMs,
            limit: q.limit,
            sceneId: q.sceneId,
          },
        };
        thread.worker.postMessage(message);
      });
      return { ranked, eligible, version };
    } finally {
      thread.pending--;
    }
  }

  /** Sends the thread what changed in the matrix since it last heard of it. */
  private send(thread: Thread, m: CandidateMatrix, nowMs: number): void {
    if (thread.matrix === m && thread.version === m.version) return;
    const rows = m.rowsSince(thread.matrix === m ? thread.version : null);
    const message: ToWorker = {
      kind: 'rows',
      dims: m.dims,
      blocks: m.blocks.map((b) => ({ ...b })),
      whole: rows.whole,
      rows,
      nowMs,
      indexFrom: thread === this.threads[0] ? this.indexFrom : null,
    };
    thread.worker.postMessage(message, [
      rows.sourceRows.buffer as ArrayBuffer,
      rows.vectors.buffer as ArrayBuffer,
      rows.lastParticipationMs.buffer as ArrayBuffer,
    ]);
    thread.matrix = m;
    thread.version = rows.version;
  }

  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  async close(): Promise<void> {
    const threads = this.threads.splice(0);
    this.fail(new Error('the ranking workers were closed'));
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  /**
   * The thread with the fewest queries in flight; threads start as they are first needed. With
   * `spareFirst`, not the first thread (the index's), unless the pool can have no other.
   */
  private pick(spareFirst = false): Thread {
    const from = spareFirst && this.size > 1 ? 1 : 0;
    let best: Thread | undefined;
    for (const t of this.threads.slice(from)) if (!best || t.pending < best.pending) best = t;
    if (best && (best.pending === 0 || this.threads.length >= this.size)) return best;
    const thread: Thread = { worker: this.start(), matrix: null, version: -1, pending: 0 };
    this.threads.push(thread);
    return thread;
  }

  private start(): Worker {
    const worker = moduleWorker(join(__dirname, `discovery-worker${extname(__filename)}`));
    worker.on('message', (a: FromWorker) => {
      if (a.kind === 'indexed') {
        this.indexReady = a.ready;
        this.indexBuilding = a.building;
        this.indexCandidates = a.ready || a.building ? a.candidates : null;
        if (a.ready)
          this.logger.log(
            `similarity index built: ${a.candidates} candidates in ${a.buildMs} ms; new callers are ranked by it`,
          );
        return;
      }
      this.waiting.get(a.id)?.resolve(a);
      this.waiting.delete(a.id);
    });
    worker.on('error', (e) => this.fail(e));
    worker.on('exit', (code) => this.fail(new Error(`a ranking worker exited with ${code}`)));
    // Idle threads must not keep a process alive that is otherwise done.
    worker.unref();
    return worker;
  }

  private fail(e: Error): void {
    this.failure ??= e;
    for (const w of this.waiting.values()) w.reject(e);
    this.waiting.clear();
  }
}
