import type { Worker } from 'node:worker_threads';
import { moduleWorker } from '../module-worker';

/** What the checkpoint thread (checkpoint-worker.ts) receives. */
export interface CheckpointerData {
  filename: string;
  pragmas: readonly string[];
  everyMs: number;
}

/**
 * How often the stores' checkpoint threads look for new frames. Short enough that the log stays
 * well under the writers' fallback thresholds: a burst of swipes writes about 9 400 pages a second
 * to the event log (1 000-page fallback, SQLite's default) and 17 000 to the read store (10 000).
 */
export const WAL_CHECKPOINT_EVERY_MS = 50;

/**
 * Checkpoints a WAL file on a thread of its own, so that the writer thread's commits never do.
 * A checkpoint that the writer ran itself (SQLite's automatic one, at the commit that crosses
 * `wal_autocheckpoint` pages) held that commit, and every write queued behind it, until thousands
 * of pages were copied into the database file and synced: 130–176 ms every second or two on the
 * read store under a burst of swipes, which set the p99 of every write that waits for the read
 * models (docs/write-latency.md). Here the copying runs beside the writes.
 *
 * The writer keeps its automatic checkpoint as a fallback: while this thread keeps up, the log never
 * reaches that size and the writer never checkpoints; if this thread stops (its failure is reported
 * as a process warning) or falls behind, the writer checkpoints as it did before.
 */
export class WalCheckpointer {
  private readonly worker: Worker;
  private stopped = false;

  constructor(filename: string, pragmas: readonly string[], everyMs: number) {
    const workerData: CheckpointerData = { filename, pragmas, everyMs };
    this.worker = moduleWorker(require.resolve('./checkpoint-worker'), { workerData });
    this.worker.on('error', (error) => {
      this.stopped = true;
      process.emitWarning(
        `WAL checkpoints of ${filename} stopped (${error.message}); its writer checkpoints on its own from now on`,
      );
    });
    this.worker.on('exit', () => (this.stopped = true));
  }

  async close(): Promise<void> {
    if (!this.stopped)
      await new Promise<void>((resolve) => {
        this.worker.on('message', (m: { closed?: true }) => m.closed && resolve());
        this.worker.once('exit', () => resolve());
        this.worker.postMessage({ close: true });
      });
    await this.worker.terminate();
  }
}
