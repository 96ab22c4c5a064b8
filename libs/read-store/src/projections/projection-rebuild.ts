import type { EventStore, ProjectedEvent, Subscription } from '@companion/event-store';
import type { ReadStore } from '../read-store.port';
import { applyBatch, generationUnitOfWork } from './apply-batch';
import type { GenerationCatalog } from './generation-catalog';
import type { GenerationRetirement } from './generation-retirement';
import type { LiveLoop } from './live-loop';
import { DEFAULT_REBUILD_BATCH_SIZE, type Projection } from './projection';
import type { ReadModels } from './read-models';
import type { UnitOfWork } from './unit-of-work';

/** A rebuild under way, as `status` reports it. */
export interface RunningRebuild {
  generation: number;
  version: number;
  checkpoint: number;
  startedAt: number;
  applied: number;
}

interface Build extends RunningRebuild {
  subscription: Subscription<ProjectedEvent>;
  done: Promise<void>;
}

export interface ProjectionRebuildsOptions {
  /** Events per read-store write at most, whatever a projection asks for (none when unset). */
  batchSize?: number;
  log: (message: string) => void;
}

/**
 * Rebuilds run beside the live generation on their own subscription from position 0, into a new
 * generation, and are switched in between two live batches once they have caught up, so queries
 * never see a gap.
 */
export class ProjectionRebuilds {
  private readonly builds = new Map<string, Build>();

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly catalog: GenerationCatalog,
    private readonly live: LiveLoop,
    private readonly readModels: ReadModels,
    private readonly retirement: GenerationRetirement,
    private readonly options: ProjectionRebuildsOptions,
  ) {}

  running(name: string): RunningRebuild | undefined {
    return this.builds.get(name);
  }

  /** Rebuilds a projection from position 0 into a new generation, then switches to it. */
  rebuild(name: string): Promise<void> {
    const live = this.live.projections.get(name);
    if (!live) return Promise.reject(new Error(`unknown projection ${name}`));
    const running = this.builds.get(name);
    if (running) return running.done;
    const build: Build = {
      generation: Math.max(live.generation, 0) + 1,
      version: live.projection.version,
      checkpoint: 0,
      // Only what the projection reads of each event: docs/rebuild-speed.md.
      subscription: this.events.subscribeProjected({ after: 0 }),
      startedAt: Date.now(),
      applied: 0,
      done: Promise.resolve(),
    };
    this.builds.set(name, build);
    build.done = this.run(live.projection, build).finally(() => this.builds.delete(name));
    return build.done;
  }

  /** Ends every rebuild where it is; the next start drops what they had built. */
  async stop(): Promise<void> {
    await Promise.all([...this.builds.values()].map((b) => b.subscription.close()));
  }

  private async run(projection: Projection, build: Build): Promise<void> {
    await this.retirement.cancel(projection.name, build.generation);
    await this.catalog.dropCollections(projection, build.generation);
    // The indexes are made once the documents are in (one sort instead of an index update per
    // document: about twice as fast for a collection of a million documents), before the switch;
    // the embedded store's id index too (docs/rebuild-id-index.md). Only those whose keys follow
    // the log are kept while it loads (docs/rebuild-indexes-while-loading.md).
    await this.catalog.ensureCollections(projection, build.generation, { loading: true });
    await this.catalog.markBuilding(projection.name, build.generation, build.version);
    const head = await this.events.headPosition();
    if (head === 0) {
      await build.subscription.close();
      await this.catalog.ensureCollections(projection, build.generation);
      return this.live.betweenBatches(() => this.switchTo(projection, build));
    }
    // The write of one batch overlaps the apply of the next (which reads the pending documents of
    // the one before); writes are still issued one after the other, in log order.
    let previous: UnitOfWork | undefined;
    let writing: Promise<void> = Promise.resolve();
    const batchSize = Math.min(
      this.options.batchSize ?? Infinity,
      projection.rebuildBatchSize ?? DEFAULT_REBUILD_BATCH_SIZE,
    );
    for await (const batch of build.subscription.batches(batchSize)) {
      const uow = generationUnitOfWork(this.store, projection, build.generation, previous);
      await applyBatch(uow, projection, build.checkpoint, batch);
      const last = batch[batch.length - 1].position;
      build.applied += batch.length;
      const writes = uow.writes();
      writes.push(
        this.catalog.checkpointWrite(projection.name, build.generation, last, build.applied),
      );
      // No query reads this generation before the switch, and the next batch reads this one from
      // its unit of work: the store need not show these documents before they commit. The store
      // serialises this batch while the one before commits (`after`); serialised after that
      // commit, it was a fifth of the main thread that overlapped nothing (docs/rebuild-writer-thread.md).
      const before = writing;
      writing = this.store.write(writes, { unshared: true, after: before });
      // A failure of `before` fails `writing` too; it is thrown once, by the next line.
      writing.catch(() => undefined);
      // The next batch reads from the store what neither it nor this one holds: committed by now.
      await before;
      previous = uow;
      build.checkpoint = last;
      if (build.checkpoint < this.live.projections.get(projection.name)!.checkpoint) continue;
      await writing;
      await this.catalog.ensureCollections(projection, build.generation);
      const switched = await this.live.betweenBatches(async () => {
        // Caught up with the live generation: from here the live loop feeds the new one.
        if (build.checkpoint < this.live.projections.get(projection.name)!.checkpoint) return false;
        await this.switchTo(projection, build);
        return true;
      });
      if (switched) break;
    }
    await writing;
    await build.subscription.close();
  }

  /** Runs between two live batches (LiveLoop.betweenBatches). */
  private async switchTo(projection: Projection, build: Build): Promise<void> {
    const live = this.live.projections.get(projection.name)!;
    const old = live.generation;
    live.generation = build.generation;
    live.version = build.version;
    live.checkpoint = Math.max(build.checkpoint, 0);
    delete live.error;
    await this.catalog.activate(projection.name, build.generation, build.version, live.checkpoint);
    this.readModels.setGeneration(projection.name, build.generation, build.version);
    // Instances that poll the catalog still read the old generation until their next poll.
    if (old !== build.generation) this.retirement.retire(projection, old);
    this.options.log(
      `projection ${projection.name}: switched to generation ${build.generation} at position ${live.checkpoint}`,
    );
    this.live.settleWaiters();
  }
}
