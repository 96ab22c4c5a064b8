import type { EventStore, RecordedEvent, Subscription } from '@companion/event-store';
import type { ReadStore, Write } from '../read-store.port';
import {
  CATALOG,
  CatalogEntry,
  Checkpoint,
  CHECKPOINTS,
  checkpointId,
  physicalName,
} from './catalog';
import type { Projection } from './projection';
import { ReadModels } from './read-models';
import { UnitOfWork } from './unit-of-work';
import { DROP_GRACE_MS, GenerationRetirement } from './generation-retirement';
import type { ProjectionLease } from './projection-lease';
import { takeRebuildRequests } from './rebuild-requests';
import { PositionWaiters } from './position-waiters';

export interface EngineLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface ProjectionEngineOptions {
  now: () => Date;
  logger?: EngineLogger;
  /** Events per read-store write at most: live (default 1 000) and in a rebuild (default 50 000). */
  batchSize?: number;
  rebuildBatchSize?: number;
  /** How long an old generation outlives a switch (default DROP_GRACE_MS). */
  dropGraceMs?: number;
  /** Held from `start` to `stop`: only one engine applies events at a time. */
  lease?: ProjectionLease;
  /**
   * A projection, or the whole engine, stopped for good (ProcessHealth in the apps); `restart`
   * says whether a new process would get further (the engine's subscription) or not (a projection
   * that fails on an event).
   */
  onFatal?: (component: string, reason: string, restart: boolean) => void;
}

export type ProjectionState = 'live' | 'rebuilding' | 'failed';

export interface ProjectionStatus {
  name: string;
  version: number;
  generation: number;
  checkpoint: number;
  head: number;
  lag: number;
  state: ProjectionState;
  error?: string;
  rebuild?: { generation: number; version: number; checkpoint: number; eventsPerSecond: number };
}

interface Live {
  projection: Projection;
  generation: number;
  version: number;
  checkpoint: number;
  error?: string;
}

interface Build {
  generation: number;
  version: number;
  checkpoint: number;
  subscription: Subscription;
  startedAt: number;
  applied: number;
  done: Promise<void>;
}

/** How often the engine looks for operators' rebuild requests. */
const REQUEST_POLL_MS = 500;

const silent: EngineLogger = { log: () => {}, warn: () => {}, error: () => {} };

/**
 * Runs every projection from one subscription to the whole log (architecture §2: one subscription
 * per process, fanned out in memory). Each batch of events is applied to each projection whose
 * checkpoint is behind it, and the documents and the new checkpoints are written in one read-store
 * call. Rebuilds run beside the live generation on their own subscription from position 0 and are
 * switched in between two live batches once they have caught up, so queries never see a gap.
 */
export class ProjectionEngine {
  private readonly live = new Map<string, Live>();
  private readonly builds = new Map<string, Build>();
  private subscription?: Subscription;
  private loop?: Promise<void>;
  private lock: Promise<unknown> = Promise.resolve();
  /** The live batch being written, and its units of work (read by the next batch meanwhile). */
  private liveWriting: Promise<void> = Promise.resolve();
  private livePrevious = new Map<string, UnitOfWork>();
  private readonly waiters = new PositionWaiters();
  private readonly logger: EngineLogger;
  private readonly batchSize: number;
  private readonly rebuildBatchSize: number;
  private stopped = false;
  private requests?: NodeJS.Timeout;
  private readonly retirement: GenerationRetirement;

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly projections: readonly Projection[],
    readonly readModels: ReadModels,
    private readonly options: ProjectionEngineOptions,
  ) {
    this.logger = options.logger ?? silent;
    this.batchSize = options.batchSize ?? 1000;
    // Larger transactions in a rebuild: each commit rewrites the B-tree pages it touched, and a
    // document that many events change (a match, a pulse) is written once per batch.
    this.rebuildBatchSize = options.rebuildBatchSize ?? 50_000;
    this.retirement = new GenerationRetirement(
      store,
      options.dropGraceMs ?? DROP_GRACE_MS,
      (message) => this.logger.warn(message),
    );
    const names = new Set<string>();
    for (const p of projections) {
      if (names.has(p.name)) throw new Error(`duplicate projection ${p.name}`);
      names.add(p.name);
    }
  }

  async start(): Promise<void> {
    await this.options.lease?.acquire();
    await this.store.ensureCollection(CATALOG);
    await this.store.ensureCollection(CHECKPOINTS);
    for (const projection of this.projections) {
      let entry = await this.store.get<CatalogEntry>(CATALOG, projection.name);
      if (entry?.failed) {
        // A fresh start tries again; a projection that still cannot apply fails again.
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
      await this.ensureCollections(projection, entry.activeGeneration);
      const checkpoint = await this.store.get<Checkpoint>(
        CHECKPOINTS,
        checkpointId(projection.name, entry.activeGeneration),
      );
      this.live.set(projection.name, {
        projection,
        generation: entry.activeGeneration,
        version: entry.version,
        checkpoint: checkpoint?.position ?? 0,
      });
      this.readModels.setGeneration(projection.name, entry.activeGeneration);
      await this.retirement.retireLeftovers(projection, entry.activeGeneration);
    }
    const from = Math.min(
      ...[...this.live.values()].map((l) => l.checkpoint),
      Number.MAX_SAFE_INTEGER,
    );
    this.subscription = this.events.subscribeToAll({ after: this.live.size ? from : 0 });
    this.loop = this.run(this.subscription);
    this.requests = setInterval(() => void this.pickUpRequests(), REQUEST_POLL_MS);
    this.requests.unref();
    // A projection whose code changed is rebuilt beside the old generation, which keeps serving.
    for (const l of this.live.values()) {
      if (l.version !== l.projection.version) {
        this.logger.log(
          `projection ${l.projection.name}: version ${l.version} → ${l.projection.version}, rebuilding`,
        );
        void this.rebuild(l.projection.name).catch((e) =>
          this.logger.error(`rebuild of ${l.projection.name} failed: ${e}`),
        );
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.requests) clearInterval(this.requests);
    // A generation waiting to be dropped is dropped by the next start (retireLeftovers).
    this.retirement.stop();
    await Promise.all([...this.builds.values()].map((b) => b.subscription.close()));
    await this.subscription?.close();
    await this.loop;
    await this.liveWriting.catch(() => undefined);
    this.waiters.cancelAll();
    await this.options.lease?.release().catch(() => undefined);
  }

  /**
   * Read your writes: resolves true once every healthy projection has applied the log up to
   * `position`, or false after `timeoutMs` (the write stays committed either way).
   */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.reached(position)) return Promise.resolve(true);
    return this.waiters.wait(position, timeoutMs);
  }

  async status(): Promise<ProjectionStatus[]> {
    const head = await this.events.headPosition();
    return [...this.live.values()].map((l) => {
      const build = this.builds.get(l.projection.name);
      const elapsed = build ? (Date.now() - build.startedAt) / 1000 : 0;
      return {
        name: l.projection.name,
        version: l.version,
        generation: l.generation,
        checkpoint: l.checkpoint,
        head,
        lag: Math.max(0, head - l.checkpoint),
        state: l.error ? 'failed' : build ? 'rebuilding' : 'live',
        ...(l.error ? { error: l.error } : {}),
        ...(build
          ? {
              rebuild: {
                generation: build.generation,
                version: build.version,
                checkpoint: build.checkpoint,
                eventsPerSecond: elapsed > 0 ? Math.round(build.applied / elapsed) : 0,
              },
            }
          : {}),
      };
    });
  }

  /** Operators' rebuild requests, written into the catalog by the CLI from another process. */
  private async pickUpRequests(): Promise<void> {
    if (this.stopped) return;
    try {
      const idle = [...this.live.keys()].filter((name) => !this.builds.has(name));
      for (const name of await takeRebuildRequests(this.store, idle, this.options.now())) {
        this.logger.log(`projection ${name}: rebuild requested by an operator`);
        void this.rebuild(name).catch((e) => this.logger.error(`rebuild of ${name} failed: ${e}`));
      }
    } catch (error) {
      this.logger.warn(
        `could not read rebuild requests: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** Rebuilds a projection from position 0 into a new generation, then switches to it. */
  rebuild(name: string): Promise<void> {
    const live = this.live.get(name);
    if (!live) return Promise.reject(new Error(`unknown projection ${name}`));
    const running = this.builds.get(name);
    if (running) return running.done;
    const generation = Math.max(live.generation, 0) + 1;
    const subscription = this.events.subscribeToAll({ after: 0 });
    const build: Build = {
      generation,
      version: live.projection.version,
      checkpoint: 0,
      subscription,
      startedAt: Date.now(),
      applied: 0,
      done: Promise.resolve(),
    };
    this.builds.set(name, build);
    build.done = this.runBuild(live.projection, build).finally(() => this.builds.delete(name));
    return build.done;
  }

  private async runBuild(projection: Projection, build: Build): Promise<void> {
    for (const c of projection.collections)
      await this.store.dropCollection(physicalName(c.name, build.generation));
    // The indexes are made once the documents are in (one sort instead of an index update per
    // document: about twice as fast for a collection of a million documents), before the switch.
    await this.ensureCollections(projection, build.generation, false);
    await this.store.write([
      {
        collection: CATALOG,
        op: 'put',
        doc: {
          ...(await this.store.get<CatalogEntry>(CATALOG, projection.name))!,
          buildingGeneration: build.generation,
          buildingVersion: build.version,
          updatedAt: this.now(),
        },
      },
    ]);
    const head = await this.events.headPosition();
    if (head === 0) {
      await build.subscription.close();
      await this.ensureCollections(projection, build.generation);
      return this.exclusive(async () => {
        await this.liveWriting;
        await this.switchTo(projection, build);
      });
    }
    // The write of one batch overlaps the apply of the next (which reads the pending documents of
    // the one before); writes are still issued one after the other, in log order.
    let previous: UnitOfWork | undefined;
    let writing: Promise<void> = Promise.resolve();
    for await (const batch of build.subscription.batches(this.rebuildBatchSize)) {
      const uow = this.unitOfWork(projection, build.generation, previous);
      await this.applyTo(uow, projection, build.checkpoint, batch);
      const last = batch[batch.length - 1].position;
      build.applied += batch.length;
      const writes = uow.writes();
      writes.push(this.checkpointWrite(projection.name, build.generation, last, build.applied));
      await writing;
      writing = this.store.write(writes);
      previous = uow;
      build.checkpoint = last;
      if (build.checkpoint < this.live.get(projection.name)!.checkpoint) continue;
      await writing;
      await this.ensureCollections(projection, build.generation);
      const switched = await this.exclusive(async () => {
        // The live batch on its way to the store must land on the generation it was applied to.
        await this.liveWriting;
        const live = this.live.get(projection.name)!;
        // Caught up with the live generation: from here the live loop feeds the new one.
        if (build.checkpoint < live.checkpoint) return false;
        await this.switchTo(projection, build);
        return true;
      });
      if (switched) break;
    }
    await writing;
    await build.subscription.close();
  }

  /** Runs under the engine lock, between two live batches. */
  private async switchTo(projection: Projection, build: Build): Promise<void> {
    const live = this.live.get(projection.name)!;
    const old = live.generation;
    live.generation = build.generation;
    live.version = build.version;
    live.checkpoint = Math.max(build.checkpoint, 0);
    delete live.error;
    await this.store.write([
      {
        collection: CATALOG,
        op: 'put',
        doc: {
          _id: projection.name,
          activeGeneration: build.generation,
          version: build.version,
          updatedAt: this.now(),
        },
      },
      this.checkpointWrite(projection.name, build.generation, live.checkpoint),
    ]);
    this.readModels.setGeneration(projection.name, build.generation);
    // Instances that poll the catalog still read the old generation until their next poll.
    if (old !== build.generation) this.retirement.retire(projection, old);
    this.logger.log(
      `projection ${projection.name}: switched to generation ${build.generation} at position ${live.checkpoint}`,
    );
    this.settleWaiters();
  }

  private async run(subscription: Subscription): Promise<void> {
    let reason = 'the subscription ended';
    try {
      for await (const batch of subscription.batches(this.batchSize)) {
        await this.exclusive(() => this.applyLive(batch));
      }
    } catch (error) {
      reason = `the subscription failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    // Ended or failed, while not stopping: no projection advances any more (the store gave up on
    // the subscription: access denied, a store closed under it).
    if (this.stopped) return;
    const message = `projection subscription ended: ${reason}`;
    this.logger.error(message);
    this.options.onFatal?.('projections', message, true);
    for (const name of this.live.keys()) await this.recordFailure(name, message);
  }

  /** Into the catalog, for the API instances' /api/health and `cli status` (best effort). */
  private async recordFailure(name: string, reason: string): Promise<void> {
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
      this.logger.warn(`could not record the failure of ${name}: ${String(error)}`);
    }
  }

  /**
   * Applies a batch and hands its writes to the store without waiting for them: the next batch is
   * applied meanwhile (reading this one's pending documents), and is written only after this one.
   * Checkpoints, and so read-your-writes, advance when the write has committed.
   */
  private async applyLive(batch: RecordedEvent[]): Promise<void> {
    const last = batch[batch.length - 1].position;
    const writes: Write[] = [];
    const advanced: Live[] = [];
    const applied = new Map<string, UnitOfWork>();
    for (const l of this.live.values()) {
      if (l.error || l.checkpoint >= last) continue;
      try {
        const uow = this.unitOfWork(
          l.projection,
          l.generation,
          this.livePrevious.get(l.projection.name),
        );
        await this.applyTo(uow, l.projection, l.checkpoint, batch);
        writes.push(...uow.writes(), this.checkpointWrite(l.projection.name, l.generation, last));
        applied.set(l.projection.name, uow);
        advanced.push(l);
      } catch (error) {
        // A projection that cannot apply an event stops where it is; the others go on.
        l.error = `event at position ${batch[0].position}..${last}: ${error instanceof Error ? error.message : String(error)}`;
        this.logger.error(`projection ${l.projection.name} failed: ${l.error}`);
        this.options.onFatal?.(`projection ${l.projection.name}`, l.error, false);
        void this.recordFailure(l.projection.name, l.error);
      }
    }
    await this.liveWriting;
    this.livePrevious = applied;
    const writing = this.store.write(writes).then(() => {
      for (const l of advanced) l.checkpoint = Math.max(l.checkpoint, last);
      this.settleWaiters();
    });
    // Reported now; the next batch awaits it and ends the loop (the checkpoints stay where they are).
    writing.catch((error) =>
      this.logger.error(
        `read-store write of positions ${batch[0].position}..${last} failed: ${error}`,
      ),
    );
    this.liveWriting = writing;
  }

  private unitOfWork(
    projection: Projection,
    generation: number,
    previous?: UnitOfWork,
  ): UnitOfWork {
    const names = new Map(
      projection.collections.map((c) => [c.name, physicalName(c.name, generation)]),
    );
    return new UnitOfWork(
      this.store,
      (logical) => {
        const physical = names.get(logical);
        if (!physical)
          throw new Error(`projection ${projection.name} does not own collection ${logical}`);
        return physical;
      },
      previous,
    );
  }

  private async applyTo(
    uow: UnitOfWork,
    projection: Projection,
    after: number,
    batch: RecordedEvent[],
  ): Promise<void> {
    const types = new Set(projection.eventTypes);
    for (const event of batch) {
      if (event.position <= after || !types.has(event.type)) continue;
      await projection.apply(event, uow.contextFor(event));
    }
  }

  private checkpointWrite(
    projection: string,
    generation: number,
    position: number,
    events?: number,
  ): Write {
    return {
      collection: CHECKPOINTS,
      op: 'put',
      doc: {
        _id: checkpointId(projection, generation),
        position,
        ...(events === undefined ? {} : { events }),
        updatedAt: this.now(),
      },
    };
  }

  private async ensureCollections(
    projection: Projection,
    generation: number,
    withIndexes = true,
  ): Promise<void> {
    for (const c of projection.collections)
      await this.store.ensureCollection(
        physicalName(c.name, generation),
        withIndexes ? c.indexes : [],
      );
  }

  private reached(position: number): boolean {
    for (const l of this.live.values()) if (!l.error && l.checkpoint < position) return false;
    return true;
  }

  private settleWaiters(): void {
    this.waiters.settle((position) => this.reached(position));
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lock.then(fn, fn);
    this.lock = run.catch(() => undefined);
    return run;
  }

  private now(): string {
    return this.options.now().toISOString();
  }
}
