import type { ReadStore } from '../read-store.port';
import { CATALOG, CatalogEntry, Checkpoint, CHECKPOINTS, checkpointId } from './catalog';
import type { ReadModels } from './read-models';
import { CATALOG_POLL_MS } from './generation-retirement';
import { PositionWaiters } from './position-waiters';

/**
 * Read your writes for an API process that does not run the projections (they run in
 * apps/projector): one loop per process reads the live generations' checkpoints while any request
 * waits, and settles every waiter the lowest checkpoint has reached. A thousand waiting writes
 * cost one pair of reads per poll, not a thousand. It also keeps the query side's generations
 * current (the catalog poll).
 */
export class CheckpointWatcher {
  private refresher?: NodeJS.Timeout;
  private readonly waiters = new PositionWaiters();
  private polling = false;
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
    this.waiters.cancelAll();
  }

  /** Resolves true once every projection has applied the log up to `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (position <= this.reachedPosition) return Promise.resolve(true);
    const waiting = this.waiters.wait(position, timeoutMs);
    if (!this.polling) void this.poll();
    return waiting;
  }

  private async poll(): Promise<void> {
    // Cleared in the same step that sees no waiter left, so a new waiter always finds a loop.
    this.polling = true;
    while (this.waiters.size > 0) {
      try {
        this.reachedPosition = Math.max(this.reachedPosition, await this.lowestCheckpoint());
      } catch {
        // The store does not answer: the waiters time out, and the write answers as committed.
      }
      this.waiters.settle((position) => position <= this.reachedPosition);
      if (this.waiters.size > 0) await new Promise((r) => setTimeout(r, this.pollMs));
    }
    this.polling = false;
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
