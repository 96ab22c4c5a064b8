import type { Worker } from 'node:worker_threads';
import { moduleWorker } from '../module-worker';

/** What the checkpoint thread (checkpoint-worker.ts) receives. */
export interface CheckpointerData {
  filename: string;
  pragmas: readonly string[];
  everyMs: number;
}

/**
 * How often the stores' checkpoint threads look for new frames: often enough that, under a burst
 * of writes, each checkpoint copies a few hundred pages and the log restarts long before it reaches
 * a writer's own threshold. A time, not a size: copying by the frames not yet copied let the log
 * grow until the writers checkpointed inside their commits again, and a first copy of 5 000 frames
 * still cost the writes more p99 than these small ones (docs/write-latency.md, "Checkpoints by
 * size: tried, not kept").
 */
export const WAL_CHECKPOINT_EVERY_MS = 50;

/**
 * Checkpoints a WAL file on a thread of its own, so that the writer thread's commits never do.
 * A checkpoint that the writer ran itself (SQLite's automatic one, at the commit that crosses
 * `wal_autocheckpoint` pages) held that commit, and every write queued behind it, until thousands
 * of pages were copied into the database file and synced: 129–176 ms every few seconds at most on
 * the read store under a burst of swipes, which set the p99 of every write that waits for the read
 * models (docs/write-latency.md). Here the copying runs beside the writes: the writer never waits
 * for this thread's locks (its syncs share the disk).
 *
 * The writer keeps its automatic checkpoint as a fallback. SQLite runs it when the log has grown
 * past the threshold since it last restarted (a writer restarts it once every frame has been
 * copied), and it copies only what is left: if this thread stops (its failure is reported as a
 * process warning) or falls behind, the writer checkpoints as it did before.
 */
export class WalCheckpointer {
  private readonly worker: Worker;
  private stopped = false;

  /**
   * A checkpoint thread, or none when it cannot start. A thread that cannot start or stops is
   * reported (`report`, a process warning by default); the writer's fallback remains.
   */
  static start(
    filename: string,
    pragmas: readonly string[],
    everyMs: number,
    report: (warning: string) => void = (warning) => process.emitWarning(warning),
  ): WalCheckpointer | undefined {
    try {
      return new WalCheckpointer(filename, pragmas, everyMs, report);
    } catch (error) {
      report(stoppedWarning(filename, error));
      return undefined;
    }
  }

  private constructor(
    filename: string,
    pragmas: readonly string[],
    everyMs: number,
    report: (warning: string) => void,
  ) {
    const workerData: CheckpointerData = { filename, pragmas, everyMs };
    this.worker = moduleWorker(require.resolve('./checkpoint-worker'), { workerData });
    this.worker.on('error', (error) => {
      this.stopped = true;
      report(stoppedWarning(filename, error));
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

function stoppedWarning(filename: string, error: unknown): string {
  const why = error instanceof Error ? error.message : String(error);
  return `WAL checkpoints of ${filename} stopped (${why}); its writer checkpoints on its own from now on`;
}
