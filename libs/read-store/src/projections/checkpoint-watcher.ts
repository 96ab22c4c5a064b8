import type { ReadStore } from '../read-store.port';
import { CATALOG, CatalogEntry, Checkpoint, CHECKPOINTS, checkpointId } from './catalog';
import type { ReadModels } from './read-models';
import { CATALOG_POLL_MS } from './generation-retirement';

/**
 * Read your writes for an API process that does not run the projections (they run in
 * apps/projector against MongoDB): polls the live generations' checkpoints until they reach the
 * position, and keeps the query side's generations current.
 */
export class CheckpointWatcher {
  private refresher?: NodeJS.Timeout;

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
  }

  async reached(position: number): Promise<boolean> {
    const entries = await this.store.getMany<CatalogEntry>(CATALOG, this.projectionNames);
    if (entries.length < this.projectionNames.length) return false;
    const ids = entries.map((e) => checkpointId(e._id, e.activeGeneration));
    const checkpoints = await this.store.getMany<Checkpoint>(CHECKPOINTS, ids);
    return checkpoints.length === ids.length && checkpoints.every((c) => c.position >= position);
  }

  async waitFor(position: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await this.reached(position)) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, this.pollMs));
    }
  }
}
