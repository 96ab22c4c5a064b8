import type { ReadStore } from '../read-store.port';
import { CATALOG, CatalogEntry, Checkpoint, CHECKPOINTS, checkpointId } from './catalog';
import type { ReadModels } from './read-models';
import { CATALOG_POLL_MS } from './generation-retirement';

interface Waiter {
  position: number;
  resolve: (reached: boolean) => void;
  timer: NodeJS.Timeout;
}

/**
 * Read your writes for an API process that does not run the projections (they run in
 * apps/projector): one loop per process reads the live generations' checkpoints while any request
 * waits, and settles every waiter the lowest checkpoint has reached. A thousand waiting writes
 * cost one pair of reads per poll, not a thousand. It also keeps the query side's generations
 * current (the catalog poll).
 */
export class CheckpointWatcher {
  private refresher?: NodeJS.Timeout;
  private waiters: Waiter[] = [];
  private polling?: Promise<void>;
  /** The lowest checkpoint of the live generations, as last read. */
  private reachedPosition = 0;

  constructor(
    private readonly store: ReadStore,
    private readonly readModels: ReadModels,
    private readonly projectionNames: readonly string[],
    private readonly pollMs = 10,
  ) {}

  start(refreshMs = CATALOG_POLL_MS): void {
    this.refresher = setInterval(
      () => void this.readModels.refresh().catch(() => undefined),
      refreshMs,
    );
    this.refresher.unref();
  }

  stop(): void {
    if (this.refresher) clearInterval(this.refresher);
    for (const w of this.waiters.splice(0)) {
      clearTimeout(w.timer);
      w.resolve(false);
    }
  }

  /** Resolves true once every projection has applied the log up to `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (position <= this.reachedPosition) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        resolve,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(false);
        }, timeoutMs),
      };
      this.waiters.push(waiter);
      this.polling ??= this.poll().finally(() => (this.polling = undefined));
    });
  }

  private async poll(): Promise<void> {
    while (this.waiters.length > 0) {
      try {
        this.reachedPosition = Math.max(this.reachedPosition, await this.lowestCheckpoint());
      } catch {
        // The store does not answer: the waiters time out, and the write answers as committed.
      }
      const still: Waiter[] = [];
      for (const w of this.waiters) {
        if (w.position <= this.reachedPosition) {
          clearTimeout(w.timer);
          w.resolve(true);
        } else still.push(w);
      }
      this.waiters = still;
      if (still.length > 0) await new Promise((r) => setTimeout(r, this.pollMs));
    }
  }

  private async lowestCheckpoint(): Promise<number> {
    const entries = await this.store.getMany<CatalogEntry>(CATALOG, this.projectionNames);
    if (entries.length < this.projectionNames.length) return 0;
    const ids = entries.map((e) => checkpointId(e._id, e.activeGeneration));
    const checkpoints = await this.store.getMany<Checkpoint>(CHECKPOINTS, ids);
    if (checkpoints.length < ids.length) return 0;
    return Math.min(...checkpoints.map((c) => c.position));
  }
}
