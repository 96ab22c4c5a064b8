import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { EventStore, SqliteEventStore } from '@companion/event-store';
import { ReadStore, SqliteReadStore } from '@companion/read-store';
import type { AppConfig } from '../config/config';

/**
 * The adapters the configuration asks for (architecture, "two ways to run"): SQLite files in
 * DATA_DIR by default, EventStoreDB when EVENTSTORE_URL is set, MongoDB when MONGO_URL is set.
 * The production adapters are imported here, on demand: loading their clients took about 0.23 s,
 * which every start and every CLI command on the embedded stores would otherwise pay
 * (docs/production.md, "Loading the drivers").
 */
export async function openEventStore(
  config: AppConfig,
  now: () => Date = () => new Date(),
): Promise<EventStore> {
  if (config.eventStoreUrl) {
    const { EsdbEventStore } = await import('@companion/event-store/esdb');
    return EsdbEventStore.connect(config.eventStoreUrl);
  }
  mkdirSync(config.dataDir, { recursive: true });
  return new SqliteEventStore({
    filename: join(config.dataDir, 'events.db'),
    now,
    freezeAppended: config.freezeShared,
  });
}

export async function openReadStore(config: AppConfig): Promise<ReadStore> {
  if (config.mongoUrl) {
    const { MongoReadStore } = await import('@companion/read-store/mongo');
    return MongoReadStore.connect(config.mongoUrl);
  }
  mkdirSync(config.dataDir, { recursive: true });
  return new SqliteReadStore(join(config.dataDir, 'read.db'), {
    cacheDocuments: config.runProjections ? config.readCacheDocuments : 0,
    freezeDocuments: config.freezeShared,
  });
}
