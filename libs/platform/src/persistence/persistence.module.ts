import { DynamicModule, Global, Inject, Injectable, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown, Optional } from '@nestjs/common';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { EsdbEventStore, EVENT_STORE, EventStore, SqliteEventStore } from '@companion/event-store';
import {
  CheckpointWatcher,
  MongoReadStore,
  Projection,
  ProjectionEngine,
  READ_STORE,
  ReadModels,
  ReadStore,
  SqliteReadStore,
} from '@companion/read-store';
import { CLOCK, Clock } from '../clock/clock';
import { AppConfig, CONFIG } from '../config/config';
import { CONSISTENCY, Consistency } from '../event-sourcing/consistency';
import { EventSourcedCommands } from '../event-sourcing/event-sourced-commands';

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

/**
 * Chooses the adapters from the configuration (architecture, "two ways to run"): SQLite files in
 * DATA_DIR by default, EventStoreDB when EVENTSTORE_URL is set, MongoDB when MONGO_URL is set.
 */
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
          useFactory: (config: AppConfig, clock: Clock): EventStore => {
            if (config.eventStoreUrl) return EsdbEventStore.connect(config.eventStoreUrl);
            mkdirSync(config.dataDir, { recursive: true });
            return new SqliteEventStore({ filename: join(config.dataDir, 'events.db'), now: () => clock.now() });
          },
        },
        {
          provide: READ_STORE,
          inject: [CONFIG],
          useFactory: async (config: AppConfig): Promise<ReadStore> => {
            if (config.mongoUrl) return MongoReadStore.connect(config.mongoUrl);
            mkdirSync(config.dataDir, { recursive: true });
            return new SqliteReadStore(join(config.dataDir, 'read.db'));
          },
        },
        {
          provide: ReadModels,
          inject: [READ_STORE],
          useFactory: (store: ReadStore) => new ReadModels(store, options.projections),
        },
        {
          provide: ProjectionEngine,
          inject: [CONFIG, CLOCK, EVENT_STORE, READ_STORE, ReadModels],
          useFactory: (config: AppConfig, clock: Clock, events: EventStore, store: ReadStore, readModels: ReadModels) =>
            options.runProjections ?? !config.mongoUrl
              ? new ProjectionEngine(events, store, options.projections, readModels, {
                  now: () => clock.now(),
                  logger: new Logger('Projections'),
                })
              : null,
        },
        {
          provide: CheckpointWatcher,
          inject: [READ_STORE, ReadModels, ProjectionEngine],
          useFactory: (store: ReadStore, readModels: ReadModels, engine: ProjectionEngine | null) =>
            engine ? null : new CheckpointWatcher(store, readModels, options.projections.map((p) => p.name)),
        },
        {
          provide: CONSISTENCY,
          inject: [CONFIG, ProjectionEngine, CheckpointWatcher],
          useFactory: (config: AppConfig, engine: ProjectionEngine | null, watcher: CheckpointWatcher | null): Consistency => ({
            waitFor: (position) =>
              engine ? engine.waitFor(position, config.consistencyTimeoutMs) : watcher!.waitFor(position, config.consistencyTimeoutMs),
          }),
        },
        PersistenceLifecycle,
        EventSourcedCommands,
      ],
      exports: [EVENT_STORE, READ_STORE, ReadModels, ProjectionEngine, CONSISTENCY, EventSourcedCommands, PROJECTIONS],
    };
  }
}
