import type { ProjectedEvent, Subscription } from '@companion/event-store';
import type { ReadStore, Write } from '../read-store.port';
import { applyBatch, generationUnitOfWork } from './apply-batch';
import type { GenerationCatalog } from './generation-catalog';
import type { Projection } from './projection';
import { PositionWaiters } from './position-waiters';
import type { UnitOfWork } from './unit-of-work';

/** A projection's live generation, as the live loop advances it. */
export interface LiveProjection {
  projection: Projection;
  generation: number;
  version: number;
  checkpoint: number;
  error?: string;
}

export interface LiveLoopOptions {
  /** Events per read-store write at most. */
  batchSize: number;
  log: { warn(message: string): void; error(message: string): void };
  onFatal?: (component: string, reason: string, restart: boolean) => void;
}

/**
 * The live generations, fed from one subscription to the whole log (architecture §2: one
 * subscription per process, fanned out in memory). Each batch is applied to every projection whose
 * checkpoint is behind it, and the documents and the new checkpoints are written in one read-store
 * call. Read your writes waits here for the checkpoints.
 */
export class LiveLoop {
  readonly projections = new Map<string, LiveProjection>();
  private subscription?: Subscription<ProjectedEvent>;
  private loop?: Promise<void>;
  private lock: Promise<unknown> = Promise.resolve();
  /** The batch being written, and its units of work (read by the next batch meanwhile). */
  private writing: Promise<void> = Promise.resolve();
  private previous = new Map<string, UnitOfWork>();
  private readonly waiters = new PositionWaiters();
  private stopped = false;

  constructor(
    private readonly store: ReadStore,
    private readonly catalog: GenerationCatalog,
    private readonly options: LiveLoopOptions,
  ) {}

  add(live: LiveProjection): void {
    this.projections.set(live.projection.name, live);
  }

  /** Where the subscription starts: the lowest checkpoint of the live generations. */
  lowestCheckpoint(): number {
    if (this.projections.size === 0) return 0;
    return Math.min(...[...this.projections.values()].map((l) => l.checkpoint));
  }

  start(subscription: Subscription<ProjectedEvent>): void {
    this.subscription = subscription;
    this.loop = this.run(subscription);
  }

  /** From here an ending subscription is a stop, not a failure. */
  stopping(): void {
    this.stopped = true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.close();
    await this.loop;
    await this.writing.catch(() => undefined);
    this.waiters.cancelAll();
  }

  /**
   * Runs `fn` between two live batches, once the batch on its way to the store has landed (on the
   * generation it was applied to): a rebuild's switch happens here.
   */
  betweenBatches<T>(fn: () => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      await this.writing;
      return fn();
    });
  }

  /**
   * Read your writes: resolves true once every healthy projection has applied the log up to
   * `position`, or false after `timeoutMs` (the write stays committed either way).
   */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.reached(position)) return Promise.resolve(true);
    return this.waiters.wait(position, timeoutMs);
  }

  /**
   * The checkpoint this loop has committed for the projection's generation (the one in the store:
   * a checkpoint moves only once its batch's write has committed), or undefined when this loop does
   * not feed that generation.
   */
  committed(projection: string, generation: number): number | undefined {
    const l = this.projections.get(projection);
    return l && l.generation === generation ? l.checkpoint : undefined;
  }

  /** A checkpoint moved (a batch committed, a rebuild switched): answers the waiters it satisfies. */
  settleWaiters(): void {
    this.waiters.settle((position) => this.reached(position));
  }

  private async run(subscription: Subscription<ProjectedEvent>): Promise<void> {
    let reason = 'the subscription ended';
    try {
      for await (const batch of subscription.batches(this.options.batchSize)) {
        await this.exclusive(() => this.apply(batch));
      }
    } catch (error) {
      reason = `the subscription failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    // Ended or failed, while not stopping: no projection advances any more (the store gave up on
    // the subscription: access denied, a store closed under it).
    if (this.stopped) return;
    const message = `projection subscription ended: ${reason}`;
    this.options.log.error(message);
    this.options.onFatal?.('projections', message, true);
    for (const name of this.projections.keys()) await this.catalog.recordFailure(name, message);
  }

  /**
   * Applies a batch and hands its writes to the store without waiting for them: the next batch is
   * applied meanwhile (reading this one's pending documents), and is written only after this one.
   * Checkpoints, and so read-your-writes, advance when the write has committed.
   */
  private async apply(batch: ProjectedEvent[]): Promise<void> {
    const last = batch[batch.length - 1].position;
    const writes: Write[] = [];
    const advanced: LiveProjection[] = [];
    const applied = new Map<string, UnitOfWork>();
    for (const l of this.projections.values()) {
      if (l.error || l.checkpoint >= last) continue;
      try {
        const uow = generationUnitOfWork(
          this.store,
          l.projection,
          l.generation,
          this.previous.get(l.projection.name),
        );
        await applyBatch(uow, l.projection, l.checkpoint, batch);
        writes.push(
          ...uow.writes(),
          this.catalog.checkpointWrite(l.projection.name, l.generation, last),
        );
        applied.set(l.projection.name, uow);
        advanced.push(l);
      } catch (error) {
        // A projection that cannot apply an event stops where it is; the others go on.
        l.error = `event at position ${batch[0].position}..${last}: ${error instanceof Error ? error.message : String(error)}`;
        this.options.log.error(`projection ${l.projection.name} failed: ${l.error}`);
        this.options.onFatal?.(`projection ${l.projection.name}`, l.error, false);
        void this.catalog.recordFailure(l.projection.name, l.error);
      }
    }
    await this.writing;
    this.previous = applied;
    const writing = this.store.write(writes).then(() => {
      for (const l of advanced) l.checkpoint = Math.max(l.checkpoint, last);
      this.settleWaiters();
    });
    // Reported now; the next batch awaits it and ends the loop (the checkpoints stay where they are).
    writing.catch((error) =>
      this.options.log.error(
        `read-store write of positions ${batch[0].position}..${last} failed: ${error}`,
      ),
    );
    this.writing = writing;
  }

  private reached(position: number): boolean {
    for (const l of this.projections.values())
      if (!l.error && l.checkpoint < position) return false;
    return true;
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lock.then(fn, fn);
    this.lock = run.catch(() => undefined);
    return run;
  }
}
