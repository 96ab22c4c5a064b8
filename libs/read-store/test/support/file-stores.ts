import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@companion/event-store';
import type { Projection, ProjectionEngineOptions } from '../../src';
import { ProjectionEngine, ReadModels, SqliteReadStore } from '../../src';

/**
 * A test's event store and read store on files of a directory of their own, and the engine it
 * started on them: `open` in `beforeEach`, `close` in `afterEach` (which stops the engine and
 * removes the directory). No jest hooks here: this file is compiled with the libraries.
 */
export class FileStores {
  dir!: string;
  events!: SqliteEventStore;
  store!: SqliteReadStore;
  engine?: ProjectionEngine;

  /** @param prefix names the directories (`mkdtemp`). */
  constructor(private readonly prefix: string) {}

  open(): void {
    this.dir = mkdtempSync(join(tmpdir(), this.prefix));
    this.events = new SqliteEventStore({ filename: join(this.dir, 'events.db') });
    this.store = new SqliteReadStore(join(this.dir, 'read.db'));
    this.engine = undefined;
  }

  /** An engine over these stores for one projection, stopped by `close`; `options` over the defaults. */
  newEngine(
    projection: Projection,
    options: Partial<ProjectionEngineOptions> = {},
  ): ProjectionEngine {
    return (this.engine = new ProjectionEngine(
      this.events,
      this.store,
      [projection],
      new ReadModels(this.store, [projection]),
      { now: () => new Date(), onFatal: () => undefined, ...options },
    ));
  }

  async close(): Promise<void> {
    await this.engine?.stop();
    await this.events.close();
    await this.store.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
