import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { EsdbEventStore, EventStore, SqliteEventStore } from '@companion/event-store';
import { MongoReadStore, ReadStore, SqliteReadStore } from '@companion/read-store';
import type { AppConfig } from '../config/config';

/**
 * The adapters the configuration asks for (architecture, "two ways to run"): SQLite files in
 * DATA_DIR by default, EventStoreDB when EVENTSTORE_URL is set, MongoDB when MONGO_URL is set.
 */
export function openEventStore(config: AppConfig, now: () => Date = () => new Date()): EventStore {
  if (config.eventStoreUrl) return EsdbEventStore.connect(config.eventStoreUrl);
  mkdirSync(config.dataDir, { recursive: true });
  return new SqliteEventStore({ filename: join(config.dataDir, 'events.db'), now });
}

export async function openReadStore(config: AppConfig): Promise<ReadStore> {
  if (config.mongoUrl) return MongoReadStore.connect(config.mongoUrl);
  mkdirSync(config.dataDir, { recursive: true });
  return new SqliteReadStore(join(config.dataDir, 'read.db'), {
    cacheDocuments: config.runProjections ? config.readCacheDocuments : 0,
    freezeDocuments: config.freezeShared,
  });
}
