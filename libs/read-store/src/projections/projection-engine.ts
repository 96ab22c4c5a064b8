import type { EventStore } from '@companion/event-store';
import type { ReadStore } from '../read-store.port';
import { GenerationCatalog } from './generation-catalog';
import { DROP_GRACE_MS, GenerationRetirement } from './generation-retirement';
import { LiveLoop } from './live-loop';
import type { Projection } from './projection';
import type { ProjectionLease } from './projection-lease';
import { ProjectionRebuilds } from './projection-rebuild';
import { projectionStatus, ProjectionStatus } from './projection-status';
import { ReadModels } from './read-models';
import { takeRebuildRequests } from './rebuild-requests';

export type { ProjectionState, ProjectionStatus } from './projection-status';

export interface EngineLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface ProjectionEngineOptions {
  now: () => Date;
  logger?: EngineLogger;
  /**
   * Events per read-store write at most: live (default 1 000), and in a rebuild, a bound on each
   * projection's own `rebuildBatchSize` (none by default).
   */
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

/**
 * A batch size the subscription can fill: with 0, a negative or NaN a batch never ends and the loop
 * spins, and with a fraction no batch is ever full (log-subscription.ts).
 */
function batchSizeOrThrow(name: string, size: number | undefined): void {
  if (size !== undefined && !(Number.isSafeInteger(size) && size > 0))
    throw new Error(`${name} must be a positive integer, got ${size}`);
}

/** How often the engine looks for operators' rebuild requests. */
const REQUEST_POLL_MS = 500;

const silent: EngineLogger = { log: () => {}, warn: () => {}, error: () => {} };

/**
 * Runs every projection: the catalog of generations (GenerationCatalog), the live loop on one
 * subscription to the whole log (LiveLoop), rebuilds beside the live generations (ProjectionRebuilds),
 * the dropping of generations that no longer serve (GenerationRetirement), and the operators'
 * rebuild requests (rebuild-requests.ts). This class starts, stops and reports on them.
 */
export class ProjectionEngine {
  private readonly logger: EngineLogger;
  private readonly catalog: GenerationCatalog;
  private readonly live: LiveLoop;
  private readonly rebuilds: ProjectionRebuilds;
  private readonly retirement: GenerationRetirement;
  private stopped = false;
  private requests?: NodeJS.Timeout;

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly projections: readonly Projection[],
    readonly readModels: ReadModels,
    private readonly options: ProjectionEngineOptions,
  ) {
    this.logger = options.logger ?? silent;
    const names = new Set<string>();
    for (const p of projections) {
      if (names.has(p.name)) throw new Error(`duplicate projection ${p.name}`);
      names.add(p.name);
      batchSizeOrThrow(`${p.name}.rebuildBatchSize`, p.rebuildBatchSize);
    }
    batchSizeOrThrow('batchSize', options.batchSize);
    batchSizeOrThrow('rebuildBatchSize', options.rebuildBatchSize);
    this.catalog = new GenerationCatalog(store, options.now, (m) => this.logger.warn(m));
    this.retirement = new GenerationRetirement(
      store,
      options.dropGraceMs ?? DROP_GRACE_MS,
      (message) => this.logger.warn(message),
    );
    this.live = new LiveLoop(store, this.catalog, {
      batchSize: options.batchSize ?? 1000,
      log: this.logger,
      onFatal: options.onFatal,
    });
    this.rebuilds = new ProjectionRebuilds(
      events,
      store,
      this.catalog,
      this.live,
      readModels,
      this.retirement,
      {
        batchSize: options.rebuildBatchSize,
        log: (m) => this.logger.log(m),
      },
    );
  }

  async start(): Promise<void> {
    await this.options.lease?.acquire();
    await this.catalog.open();
    for (const projection of this.projections) {
      const { generation, version, checkpoint } = await this.catalog.enter(projection);
      await this.catalog.ensureCollections(projection, generation);
      this.live.add({ projection, generation, version, checkpoint });
      this.readModels.setGeneration(projection.name, generation, version);
      await this.retirement.retireLeftovers(projection, generation);
    }
    this.readModels.followCommitted((projection, generation) =>
      this.live.committed(projection, generation),
    );
    this.live.start(this.events.subscribeProjected({ after: this.live.lowestCheckpoint() }));
    this.requests = setInterval(() => void this.pickUpRequests(), REQUEST_POLL_MS);
    this.requests.unref();
    // A projection whose code changed is rebuilt beside the old generation, which keeps serving.
    for (const l of this.live.projections.values()) {
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
    // From here another process may apply events (a lost lease): checkpoints come from the store.
    this.readModels.followCommitted(null);
    this.live.stopping();
    if (this.requests) clearInterval(this.requests);
    // A generation waiting to be dropped is dropped by the next start (retireLeftovers).
    this.retirement.stop();
    await this.rebuilds.stop();
    await this.live.stop();
    await this.options.lease?.release().catch(() => undefined);
  }

  /**
   * Read your writes: resolves true once every healthy projection has applied the log up to
   * `position`, or false after `timeoutMs` (the write stays committed either way).
   */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    return this.live.waitFor(position, timeoutMs);
  }

  async status(): Promise<ProjectionStatus[]> {
    const head = await this.events.headPosition();
    const now = Date.now();
    return [...this.live.projections.values()].map((l) =>
      projectionStatus(l, this.rebuilds.running(l.projection.name), head, now),
    );
  }

  /** Rebuilds a projection from position 0 into a new generation, then switches to it. */
  rebuild(name: string): Promise<void> {
    return this.rebuilds.rebuild(name);
  }

  /** Operators' rebuild requests, written into the catalog by the CLI from another process. */
  private async pickUpRequests(): Promise<void> {
    if (this.stopped) return;
    try {
      const idle = [...this.live.projections.keys()].filter((n) => !this.rebuilds.running(n));
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
}
