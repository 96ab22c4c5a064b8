import type { CollectionOptions, IndexSpec, ReadStore, Write } from '../read-store.port';
import {
  CATALOG,
  CatalogEntry,
  Checkpoint,
  CHECKPOINTS,
  checkpointId,
  physicalName,
} from './catalog';
import type { Projection } from './projection';

/** A projection's live generation as the catalog records it. */
export interface LiveGeneration {
  generation: number;
  version: number;
  checkpoint: number;
}

/**
 * `IndexSpec.followsLog`, unless unique: a batch's writes go in the order the batch first touched
 * each document, so a unique index kept while loading could refuse a value that two documents
 * share only for a moment inside a batch, where the one made at the end sees the batch's outcome.
 */
const keptWhileLoading = (index: IndexSpec): boolean => index.followsLog === true && !index.unique;

/**
 * The engine's side of the catalog: which generation of each projection is live and with which code
 * version, the generation being rebuilt, the checkpoints, and the failures that API instances read
 * for /api/health. The operators' rebuild requests are in rebuild-requests.ts.
 */
export class GenerationCatalog {
  constructor(
    private readonly store: ReadStore,
    private readonly clock: () => Date,
    private readonly warn: (message: string) => void,
  ) {}

  async open(): Promise<void> {
    await this.store.ensureCollection(CATALOG);
    await this.store.ensureCollection(CHECKPOINTS);
  }

  /**
   * The live generation of `projection`, registered as generation 1 the first time. A recorded
   * failure is cleared: a fresh start tries again, and a projection that still cannot apply fails again.
   */
  async enter(projection: Projection): Promise<LiveGeneration> {
    let entry = await this.store.get<CatalogEntry>(CATALOG, projection.name);
    if (entry?.failed) {
      const { failed: _cleared, ...rest } = entry;
      entry = { ...rest, updatedAt: this.now() };
      await this.store.write([{ collection: CATALOG, op: 'put', doc: entry }]);
    }
    if (!entry) {
      entry = {
        _id: projection.name,
        activeGeneration: 1,
        version: projection.version,
        updatedAt: this.now(),
      };
      await this.store.write([{ collection: CATALOG, op: 'put', doc: entry }]);
    }
    const checkpoint = await this.store.get<Checkpoint>(
      CHECKPOINTS,
      checkpointId(projection.name, entry.activeGeneration),
    );
    return {
      generation: entry.activeGeneration,
      version: entry.version,
      checkpoint: checkpoint?.position ?? 0,
    };
  }

  /**
   * The generation's collections with their indexes; or, `loading`, with only those that follow
   * the log (`keptWhileLoading`), filled by this process's rebuild before anything reads them
   * (the store may defer its id index too), until they are ensured again without it.
   */
  async ensureCollections(
    projection: Projection,
    generation: number,
    { loading = false }: CollectionOptions = {},
  ): Promise<void> {
    for (const c of projection.collections)
      await this.store.ensureCollection(
        physicalName(c.name, generation),
        loading ? (c.indexes ?? []).filter(keptWhileLoading) : c.indexes,
        { loading, writtenOnce: loading && c.writtenOnce === true },
      );
  }

  /** A new generation starts empty (a stopped process may have left a part of it). */
  async dropCollections(projection: Projection, generation: number): Promise<void> {
    for (const c of projection.collections)
      await this.store.dropCollection(physicalName(c.name, generation));
  }

  /** Records that `generation` is being built beside the live one (`cli status` shows it). */
  async markBuilding(name: string, generation: number, version: number): Promise<void> {
    await this.store.write([
      {
        collection: CATALOG,
        op: 'put',
        doc: {
          ...(await this.store.get<CatalogEntry>(CATALOG, name))!,
          buildingGeneration: generation,
          buildingVersion: version,
          updatedAt: this.now(),
        },
      },
    ]);
  }

  /** Makes `generation` the live one at `position` (clearing the building fields). */
  async activate(
    name: string,
    generation: number,
    version: number,
    position: number,
  ): Promise<void> {
    await this.store.write([
      {
        collection: CATALOG,
        op: 'put',
        doc: { _id: name, activeGeneration: generation, version, updatedAt: this.now() },
      },
      this.checkpointWrite(name, generation, position),
    ]);
  }

  /** A generation's checkpoint, written in the same read-store call as the documents it covers. */
  checkpointWrite(name: string, generation: number, position: number, events?: number): Write {
    return {
      collection: CHECKPOINTS,
      op: 'put',
      doc: {
        _id: checkpointId(name, generation),
        position,
        ...(events === undefined ? {} : { events }),
        updatedAt: this.now(),
      },
    };
  }

  /** Into the catalog, for the API instances' /api/health and `cli status` (best effort). */
  async recordFailure(name: string, reason: string): Promise<void> {
    try {
      const entry = await this.store.get<CatalogEntry>(CATALOG, name);
      if (!entry) return;
      const doc: CatalogEntry = {
        ...entry,
        failed: { reason, at: this.now() },
        updatedAt: this.now(),
      };
      await this.store.write([{ collection: CATALOG, op: 'put', doc }]);
    } catch (error) {
      this.warn(`could not record the failure of ${name}: ${String(error)}`);
    }
  }

  private now(): string {
    return this.clock().toISOString();
  }
}
