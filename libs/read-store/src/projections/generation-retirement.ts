import type { ReadStore } from '../read-store.port';
import { CHECKPOINTS, checkpointId, physicalName } from './catalog';
import type { Projection } from './projection';

/**
 * How often a process that does not run the projections (an API instance against MongoDB) reads
 * the catalog for the live generations (CheckpointWatcher).
 */
export const CATALOG_POLL_MS = 1_000;

/**
 * How long an old generation outlives a rebuild's switch. An API instance learns of the switch at
 * its next catalog poll and reads the old generation until then: dropping it at once made every
 * instance read an empty collection for up to a poll (401 for every API key after each rebuild).
 * Several polls, so a slow poll or a query in flight still finds it.
 */
export const DROP_GRACE_MS = 15 * CATALOG_POLL_MS;

/** Drops generations that no longer serve, once the grace period is over. */
export class GenerationRetirement {
  /** The drops waiting for their grace period, by `checkpointId(projection, generation)`. */
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** The drops under way, by the same key (failures are reported through `onError`). */
  private readonly dropping = new Map<string, Promise<void>>();

  constructor(
    private readonly store: ReadStore,
    private readonly graceMs: number,
    private readonly onError: (message: string) => void,
  ) {}

  /** The generation stopped serving now: dropped with its checkpoint after the grace period. */
  retire(projection: Projection, generation: number): void {
    const key = checkpointId(projection.name, generation);
    void this.cancel(projection.name, generation);
    const timer = setTimeout(() => {
      this.timers.delete(key);
      const drop = dropGeneration(this.store, projection, generation)
        .catch((error) =>
          this.onError(
            `could not drop generation ${generation} of ${projection.name}: ${error instanceof Error ? error.message : error}`,
          ),
        )
        .finally(() => this.dropping.delete(key));
      this.dropping.set(key, drop);
    }, this.graceMs);
    timer.unref();
    this.timers.set(key, timer);
  }

  /**
   * A generation about to be built again (a rebuild takes the number a failed one left behind,
   * which the start retired): its drop would otherwise land in the middle of the new build, or
   * after its switch, on the live generation. Resolves once a drop already under way has ended
   * (MongoDB's `drop` of a large collection is not instant, and the build must come after it).
   */
  cancel(name: string, generation: number): Promise<void> {
    const key = checkpointId(name, generation);
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    return this.dropping.get(key) ?? Promise.resolve();
  }

  /**
   * Generations a stopped process left behind (it stopped during a grace period or a rebuild):
   * every one but the live generation is retired, with the same grace (an instance may have
   * switched to the live one moments ago).
   */
  async retireLeftovers(projection: Projection, live: number): Promise<void> {
    for (const g of leftoverGenerations(projection, await this.store.listCollections(), live))
      this.retire(projection, g);
  }

  stop(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}

/** The generations of `projection` other than `live` among the store's `collections`. */
export function leftoverGenerations(
  projection: Projection,
  collections: readonly string[],
  live: number,
): Set<number> {
  const generations = new Set<number>();
  for (const name of collections)
    for (const c of projection.collections) {
      const m = name.startsWith(`${c.name}_g`)
        ? /^(\d+)$/.exec(name.slice(c.name.length + 2))
        : null;
      if (m && Number(m[1]) !== live) generations.add(Number(m[1]));
    }
  return generations;
}

/**
 * Drops a generation's collections, then its checkpoint: a drop cut short leaves collections,
 * which the next start finds (`leftoverGenerations` looks for collections) and drops again.
 */
export async function dropGeneration(
  store: ReadStore,
  projection: Projection,
  generation: number,
): Promise<void> {
  for (const c of projection.collections)
    await store.dropCollection(physicalName(c.name, generation));
  await store.write([
    { collection: CHECKPOINTS, op: 'delete', id: checkpointId(projection.name, generation) },
  ]);
}
