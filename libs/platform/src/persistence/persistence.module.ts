import {
  DynamicModule,
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  Optional,
} from '@nestjs/common';
import { EVENT_STORE, EventStore } from '@companion/event-store';
import {
  CheckpointWatcher,
  Projection,
  ProjectionEngine,
  ProjectionLease,
  READ_STORE,
  ReadModels,
  ReadStore,
} from '@companion/read-store';
import { CLOCK, Clock } from '../clock/clock';
import { AppConfig, CONFIG } from '../config/config';
import { CONSISTENCY, Consistency } from '../event-sourcing/consistency';
import { EventSourcedCommands } from '../event-sourcing/event-sourced-commands';
import { openEventStore, openReadStore } from './open-stores';
import { LiveLog } from '../live/live-log';
import { ProcessHealth } from '../health/process-health';
import { IdempotentRequests } from '../idempotency/idempotent-requests';

export const PROJECTIONS = Symbol('PROJECTIONS');

export interface PersistenceOptions {
  projections: readonly Projection[];
  /**
   * Run the projections in this process. Defaults to "when the read store is embedded"; the API
   * against MongoDB leaves them to apps/projector, and the projector always runs them.
   */
  runProjections?: boolean;
}

@Injectable()
class PersistenceLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Persistence');
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly readModels: ReadModels,
    @Optional() private readonly engine?: ProjectionEngine,
    @Optional() private readonly watcher?: CheckpointWatcher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.engine) {
      await this.engine.start();
      this.logger.log('projections running in this process');
    } else {
      await this.readModels.refresh();
      this.watcher?.start();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.engine?.stop();
    this.watcher?.stop();
    await this.events.close();
    await this.store.close();
  }
}

/** The stores, the read models, the projections (when this process runs them) and read-your-writes. */
@Global()
@Module({})
export class PersistenceModule {
  static forRoot(options: PersistenceOptions): DynamicModule {
    return {
      module: PersistenceModule,
      providers: [
        { provide: PROJECTIONS, useValue: options.projections },
        {
          provide: EVENT_STORE,
          inject: [CONFIG, CLOCK],
          useFactory: (config: AppConfig, clock: Clock): Promise<EventStore> =>
            openEventStore(config, () => clock.now()),
        },
        {
          provide: READ_STORE,
          inject: [CONFIG],
          useFactory: (config: AppConfig): Promise<ReadStore> => openReadStore(config),
        },
        {
          provide: ReadModels,
          inject: [READ_STORE],
          useFactory: (store: ReadStore) => new ReadModels(store, options.projections),
        },
        {
          provide: ProjectionEngine,
          inject: [CONFIG, CLOCK, EVENT_STORE, READ_STORE, ReadModels, ProcessHealth],
          useFactory: (
            config: AppConfig,
            clock: Clock,
            events: EventStore,
            store: ReadStore,
            readModels: ReadModels,
            health: ProcessHealth,
          ) => {
            if (!(options.runProjections ?? config.runProjections)) return null;
            const logger = new Logger('Projections');
            // One process applies events at a time; a second one waits for the lease.
            const lease = new ProjectionLease(store, {
              // Wall time, not the injected Clock: the lease is shared with other processes, and a
              // test's clock may stand still or jump.
              now: () => new Date(),
              wait: true,
              log: (message) => logger.log(message),
              onLost: (reason) => {
                health.fail('projections', reason);
                void engine.stop();
              },
            });
            const engine: ProjectionEngine = new ProjectionEngine(
              events,
              store,
              options.projections,
              readModels,
              {
                now: () => clock.now(),
                logger,
                lease,
                onFatal: (component, reason, restart) =>
                  health.fail(component, reason, { restart }),
              },
            );
            return engine;
          },
        },
        {
          provide: CheckpointWatcher,
          inject: [READ_STORE, ReadModels, ProjectionEngine],
          useFactory: (
            store: ReadStore,
            readModels: ReadModels,
            engine: ProjectionEngine | null,
          ) =>
            engine
              ? null
              : new CheckpointWatcher(
                  store,
                  readModels,
                  options.projections.map((p) => p.name),
                ),
        },
        {
          provide: CONSISTENCY,
          inject: [CONFIG, ProjectionEngine, CheckpointWatcher],
          useFactory: (
            config: AppConfig,
            engine: ProjectionEngine | null,
            watcher: CheckpointWatcher | null,
          ): Consistency => ({
            waitFor: (position) =>
              engine
                ? engine.waitFor(position, config.consistencyTimeoutMs)
                : watcher!.waitFor(position, config.consistencyTimeoutMs),
          }),
        },
        PersistenceLifecycle,
        EventSourcedCommands,
        LiveLog,
        ProcessHealth,
        IdempotentRequests,
      ],
      exports: [
        EVENT_STORE,
        READ_STORE,
        ReadModels,
        ProjectionEngine,
        CONSISTENCY,
        EventSourcedCommands,
        PROJECTIONS,
        LiveLog,
        ProcessHealth,
        IdempotentRequests,
      ],
    };
  }
}
