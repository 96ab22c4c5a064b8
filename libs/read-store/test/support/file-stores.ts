import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@companion/event-store';
import { ProjectionEngine, SqliteReadStore } from '../../src';

/** A test's stores on files, and the engine it started on them (stopped after it). */
export interface FileStores {
  dir: string;
  events: SqliteEventStore;
  store: SqliteReadStore;
  engine?: ProjectionEngine;
}

/**
 * Registers hooks that give every test of the enclosing `describe` an event store and a read store
 * on files of their own directory (`prefix` names it), and close and remove them after it.
 */
export function fileStoresPerTest(prefix: string): FileStores {
  const stores = {} as FileStores;
  beforeEach(() => {
    stores.dir = mkdtempSync(join(tmpdir(), prefix));
    stores.events = new SqliteEventStore({ filename: join(stores.dir, 'events.db') });
    stores.store = new SqliteReadStore(join(stores.dir, 'read.db'));
    stores.engine = undefined;
  });
  afterEach(async () => {
    await stores.engine?.stop();
    await stores.events.close();
    await stores.store.close();
    rmSync(stores.dir, { recursive: true, force: true });
  });
  return stores;
}
