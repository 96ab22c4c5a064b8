import type { Doc, Filter, FindOptions, ReadStore } from '../read-store.port';
import {
  CATALOG,
  CatalogEntry,
  Checkpoint,
  CHECKPOINTS,
  checkpointId,
  physicalName,
} from './catalog';
import type { Projection } from './projection';

/**
 * A projection's generation's committed checkpoint as the engine of this process knows it, or
 * undefined when it does not run that generation (another process does, or it is switching).
 */
export type CommittedCheckpoints = (projection: string, generation: number) => number | undefined;

/**
 * The query side's view of the read store: logical collection names (`agents`) resolved to the
 * live generation of the projection that owns them (`agents_g3`). The in-process engine switches
 * generations here directly; an API process that does not run projections calls `refresh()`.
 */
export class ReadModels {
  private readonly owner = new Map<string, string>();
  private readonly generation = new Map<string, number>();
  /** The code version that built each projection's live generation, where known. */
  private readonly builtBy = new Map<string, number>();
  private committed: CommittedCheckpoints | null = null;

  constructor(
    readonly store: ReadStore,
    projections: readonly Projection[],
  ) {
    for (const p of projections) for (const c of p.collections) this.owner.set(c.name, p.name);
  }

  /** `version`: the projection's code version that built that generation (the catalog's). */
  setGeneration(projection: string, generation: number, version: number): void {
    this.generation.set(projection, generation);
    this.builtBy.set(projection, version);
  }

  /**
   * The code version of the projection owning `collection` that built the generation read now, or
   * undefined before the engine or the catalog said. A query reads documents a newer version
   * shapes differently by it, while that version is rebuilt beside the generation that serves.
   */
  version(collection: string): number | undefined {
    return this.builtBy.get(this.ownerOf(collection));
  }

  /**
   * The in-process engine's committed checkpoints (`LiveLoop.committed`): `checkpoint` answers
   * from memory what it would read from the store. A query that follows a collection asks on every
   * request (discovery's candidate index), and that read of the checkpoint's row was about 5 % of a
   * discover request's event loop (docs/discovery-cost.md). It assumes, as read your writes
   * already does, that the store's reads see its committed writes (SQLite; MongoDB read from the
   * primary, the driver's default). Null: read from the store again (the engine stopped).
   */
  followCommitted(committed: CommittedCheckpoints | null): void {
    this.committed = committed;
  }

  /** Reloads the live generations from the catalog (for processes that do not run the engine). */
  async refresh(): Promise<void> {
    for (const entry of await this.store.find<CatalogEntry>(CATALOG))
      this.setGeneration(entry._id, entry.activeGeneration, entry.version);
  }

  physical(collection: string): string {
    return physicalName(collection, this.generation.get(this.ownerOf(collection)) ?? 1);
  }

  /**
   * The position up to which the collection's projection has committed its documents: a reader
   * that follows a collection by `_pos` reads only up to here, so it never sees half a batch.
   */
  async checkpoint(collection: string): Promise<number> {
    const projection = this.ownerOf(collection);
    const generation = this.generation.get(projection) ?? 1;
    const known = this.committed?.(projection, generation);
    if (known !== undefined) return known;
    const cp = await this.store.get<Checkpoint>(CHECKPOINTS, checkpointId(projection, generation));
    return cp?.position ?? 0;
  }

  /** Waits until the collection's projection has applied the log up to `position`, at most `timeoutMs`. */
  async waitFor(
    collection: string,
    position: number,
    timeoutMs: number,
    pollMs = 20,
  ): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if ((await this.checkpoint(collection)) >= position) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }

  private ownerOf(collection: string): string {
    const projection = this.owner.get(collection);
    if (!projection) throw new Error(`no projection owns collection ${collection}`);
    return projection;
  }

  get<T extends Doc>(collection: string, id: string): Promise<T | null> {
    return this.store.get<T>(this.physical(collection), id);
  }

  getMany<T extends Doc>(collection: string, ids: readonly string[]): Promise<T[]> {
    return this.store.getMany<T>(this.physical(collection), ids);
  }

  find<T extends Doc>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]> {
    return this.store.find<T>(this.physical(collection), filter, options);
  }

  findIds(collection: string, filter?: Filter, options?: FindOptions): Promise<string[]> {
    return this.store.findIds(this.physical(collection), filter, options);
  }

  count(collection: string, filter?: Filter): Promise<number> {
    return this.store.count(this.physical(collection), filter);
  }
}
