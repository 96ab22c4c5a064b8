import type Database from 'better-sqlite3';
import { EventEmitter } from 'node:events';
import {
  AppendResult,
  EventStore,
  EventStoreUnavailableError,
  ExpectedRevision,
  matchesFilter,
  NewEvent,
  ProjectedEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamInfo,
  SubscribeOptions,
  Subscription,
} from '../event-store.port';
import {
  EventStatements,
  openEventLog,
  POSITION,
  prepareStatements,
  STREAM_NAME,
  toRecorded,
  TYPE,
} from './event-rows';
import { GroupCommit } from './group-commit';
import { LogSource, subscribeToLog, SUBSCRIPTION_PAGE } from './log-subscription';

export interface SqliteEventStoreOptions {
  /** Path of the database file, or ':memory:' for throwaway stores in tests. */
  filename: string;
  /** Time source for `recordedAt`; the domain never reads it. */
  now?: () => Date;
  /**
   * How often a subscription re-reads the log when it has not been woken by an append of this
   * process (another process may write the same file). Milliseconds.
   */
  pollIntervalMs?: number;
  /**
   * Tests: freeze the events this process's appends hand to its subscriptions, which all share
   * them (appended-events.ts), so a subscriber that changes one throws.
   */
  freezeAppended?: boolean;
}

const DEFAULT_READ_ALL = 1000;

/**
 * The embedded event store: one SQLite file in WAL mode with `synchronous=FULL`, so an append is
 * acknowledged only after its transaction is on disk and survives a crash of the process (or of
 * the machine). Appends go through group commit (group-commit.ts), on a writer thread for a file;
 * reads and subscriptions (log-subscription.ts) use the main thread's own connection (WAL readers).
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly stmt: EventStatements;
  private readonly appended = new EventEmitter();
  private readonly commits: GroupCommit;
  private readonly pollIntervalMs: number;
  private closed = false;

  constructor(options: SqliteEventStoreOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? 200;
    this.appended.setMaxListeners(0);
    this.db = openEventLog(options.filename);
    this.stmt = prepareStatements(this.db);
    this.commits = new GroupCommit(
      options.filename,
      this.db,
      options.now ?? (() => new Date()),
      (events) => this.appended.emit('appended', events),
      options.freezeAppended,
    );
  }

  /** Transactions committed and appends acknowledged: their ratio is the group-commit factor. */
  get stats(): { commits: number; appends: number } {
    return this.commits.stats;
  }

  append(
    streamName: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    if (this.closed) return Promise.reject(new EventStoreUnavailableError('event store is closed'));
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    return this.commits.append(streamName, events, expectedRevision);
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const max = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    const rows =
      options.direction === 'backwards'
        ? this.stmt.readBackwards.all(
            streamName,
            options.fromRevision ?? Number.MAX_SAFE_INTEGER,
            max,
          )
        : this.stmt.readForwards.all(streamName, options.fromRevision ?? 0, max);
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const max = options.maxCount ?? DEFAULT_READ_ALL;
    const backwards = options.direction === 'backwards';
    const out: RecordedEvent[] = [];
    let from = options.fromPosition ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
    // Filtering happens here, page by page, so a sparse filter still returns up to `max` events.
    while (out.length < max) {
      const rows = backwards
        ? this.stmt.allBackwards.all(from, SUBSCRIPTION_PAGE)
        : this.stmt.allForwards.all(from, SUBSCRIPTION_PAGE);
      for (const row of rows) {
        if (matchesFilter({ streamName: row[STREAM_NAME], type: row[TYPE] }, options.filter)) {
          out.push(toRecorded(row));
          if (out.length === max) break;
        }
      }
      if (rows.length < SUBSCRIPTION_PAGE || !options.filter) break;
      from = backwards ? rows[rows.length - 1][POSITION] - 1 : rows[rows.length - 1][POSITION] + 1;
    }
    return out;
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    return subscribeToLog(this.logSource(), options);
  }

  subscribeProjected(options: SubscribeOptions): Subscription<ProjectedEvent> {
    return subscribeToLog(this.logSource(), options, true);
  }

  private logSource(): LogSource {
    return {
      statements: this.stmt,
      appended: this.appended,
      pollIntervalMs: this.pollIntervalMs,
      isOpen: () => !this.closed,
    };
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    return this.stmt.head.get()?.head ?? 0;
  }

  async listStreams(options: { prefix?: string; maxCount?: number } = {}): Promise<StreamInfo[]> {
    this.assertOpen();
    const prefix = options.prefix ?? '';
    const rows = this.stmt.streams.all(prefix, options.maxCount ?? DEFAULT_READ_ALL);
    return rows
      .filter((r) => r.name.startsWith(prefix))
      .map((r) => ({
        streamName: r.name,
        lastRevision: r.last_revision,
        lastPosition: r.last_position,
      }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Acknowledge what is queued before closing.
    await this.commits.close();
    this.appended.emit('appended');
    this.db.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new EventStoreUnavailableError('event store is closed');
  }
}
