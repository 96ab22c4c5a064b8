import { Worker } from 'node:worker_threads';
import { appendBatch, AppendOutcome, AppendRequest } from './append-batch';

/**
 * The embedded store's writer thread. With `synchronous=FULL` every commit waits for the disk
 * (about 2 ms here); better-sqlite3 is synchronous, so on the main thread that wait would stop
 * every request. Here it runs beside the event loop, and while one batch is being flushed the next
 * one gathers every append that arrives: true group commit.
 */
function writerMain(): void {
  /* eslint-disable @typescript-eslint/no-var-requires */
  const { parentPort, workerData } = require('node:worker_threads');
  const Database = require(workerData.sqlitePath);
  const db = new Database(workerData.filename);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  // appendBatch is injected below from its source text.
  const write = (globalThis as any).__appendBatch;
  parentPort.on('message', (m: { id: number; batch: unknown[]; recordedAt: string } | { close: true }) => {
    if ('close' in m) {
      db.close();
      parentPort.postMessage({ closed: true });
      return;
    }
    parentPort.postMessage({ id: m.id, outcomes: write(db, m.batch, m.recordedAt) });
  });
  parentPort.postMessage({ ready: true });
}

export class WriterThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, (outcomes: AppendOutcome[]) => void>();
  private nextId = 1;
  private failure: Error | null = null;
  readonly ready: Promise<void>;

  constructor(filename: string) {
    const source = `globalThis.__appendBatch = ${appendBatch.toString()};\n(${writerMain.toString()})();`;
    this.worker = new Worker(source, { eval: true, workerData: { filename, sqlitePath: require.resolve('better-sqlite3') } });
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('error', reject);
      this.worker.on('message', (m: { ready?: true; id?: number; outcomes?: AppendOutcome[] }) => {
        if (m.ready) resolve();
        else if (m.id !== undefined) {
          this.pending.get(m.id)?.(m.outcomes!);
          this.pending.delete(m.id);
        }
      });
    });
    this.worker.on('error', (error) => {
      this.failure = error;
      for (const resolve of this.pending.values()) resolve([]);
      this.pending.clear();
    });
  }

  /** Resolves with one outcome per request once the batch is committed (on disk). */
  async write(batch: AppendRequest[], recordedAt: string): Promise<AppendOutcome[]> {
    await this.ready;
    if (this.failure) throw this.failure;
    const id = this.nextId++;
    const outcomes = await new Promise<AppendOutcome[]>((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, batch, recordedAt });
    });
    if (this.failure) throw this.failure;
    return outcomes;
  }

  async close(): Promise<void> {
    await this.ready.catch(() => undefined);
    await new Promise<void>((resolve) => {
      this.worker.once('message', () => resolve());
      this.worker.once('exit', () => resolve());
      this.worker.postMessage({ close: true });
    });
    await this.worker.terminate();
  }
}
