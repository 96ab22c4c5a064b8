import Database from 'better-sqlite3';
import { EventEmitter } from 'node:events';
import { appendBatch, AppendBatch, AppendOutcome, AppendRequest } from './append-batch';
import { WriterThread } from './writer-thread';
import { oneWay } from '../batch-events';
import {
  AppendResult,
  DuplicateEventIdError,
  EventStore,
  EventStoreUnavailableError,
  ExpectedRevision,
  matchesFilter,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamInfo,
  SubscribeOptions,
  Subscription,
  WrongExpectedRevisionError,
} from '../event-store.port';

interface PendingAppend extends AppendRequest {
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/**
 * An event as a row array (better-sqlite3's raw mode): reading a million rows as arrays instead of
 * objects saves about a second.
 */
type EventRow = [
  position: number,
  eventId: string,
  streamName: string,
  revision: number,
  type: string,
  data: string,
  metadata: string,
  recordedAt: string,
];
const COLUMNS = 'position, event_id, stream_name, revision, type, data, metadata, recorded_at';
const [POSITION, STREAM_NAME, TYPE] = [0, 2, 4] as const;

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
}

const DEFAULT_READ_ALL = 1000;
const SUBSCRIPTION_PAGE = 512;
/** Most rows one statement of a subscription reads. */
const READ_PAGE = 10_000;

/**
 * The embedded event store: one SQLite file in WAL mode with `synchronous=FULL`, so an append is
 * acknowledged only after its transaction is on disk and survives a crash of the process (or of
 * the machine).
 *
 * Group commit: appends are queued and written by one transaction per batch, so N concurrent
 * requests cost one WAL flush, not N. A file store writes on its own thread (the flush never stops
 * the event loop) and, while one batch is flushed, the next gathers every append that arrives. Each
 * append runs in its own savepoint inside the batch: a conflict rejects that append alone and
 * leaves nothing of it behind. Reads use the main thread's own connection (WAL readers).
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly now: () => Date;
  private readonly pollIntervalMs: number;
  private readonly appended = new EventEmitter();
  private queue: PendingAppend[] = [];
  private flushScheduled = false;
  private inFlight: Promise<void> | null = null;
  private closed = false;
  /** Null for ':memory:', which another thread cannot open: such a store writes in-process. */
  private readonly writer: WriterThread<AppendBatch, AppendOutcome[]> | null;
  /** Transactions committed and appends acknowledged: their ratio is the group-commit factor. */
  readonly stats = { commits: 0, appends: 0 };

  private readonly stmt: {
    readForwards: Database.Statement<[string, number, number], EventRow>;
    readBackwards: Database.Statement<[string, number, number], EventRow>;
    allForwards: Database.Statement<[number, number], EventRow>;
    allBackwards: Database.Statement<[number, number], EventRow>;
    head: Database.Statement<[], { head: number | null }>;
    streams: Database.Statement<
      [string, number],
      { name: string; last_revision: number; last_position: number }
    >;
  };

  constructor(options: SqliteEventStoreOptions) {
    this.now = options.now ?? (() => new Date());
    this.pollIntervalMs = options.pollIntervalMs ?? 200;
    this.appended.setMaxListeners(0);
    this.db = new Database(options.filename);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position    INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id    TEXT    NOT NULL UNIQUE,
        stream_name TEXT    NOT NULL,
        revision    INTEGER NOT NULL,
        type        TEXT    NOT NULL,
        data        TEXT    NOT NULL,
        metadata    TEXT    NOT NULL,
        recorded_at TEXT    NOT NULL,
        UNIQUE (stream_name, revision)
      );
      CREATE TABLE IF NOT EXISTS streams (
        name          TEXT    PRIMARY KEY,
        last_revision INTEGER NOT NULL,
        last_position INTEGER NOT NULL
      ) WITHOUT ROWID;
    `);
    this.stmt = {
      readForwards: this.raw(
        `SELECT ${COLUMNS} FROM events WHERE stream_name = ? AND revision >= ? ORDER BY revision ASC LIMIT ?`,
      ),
      readBackwards: this.raw(
        `SELECT ${COLUMNS} FROM events WHERE stream_name = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
      ),
      allForwards: this.raw(
        `SELECT ${COLUMNS} FROM events WHERE position >= ? ORDER BY position ASC LIMIT ?`,
      ),
      allBackwards: this.raw(
        `SELECT ${COLUMNS} FROM events WHERE position <= ? ORDER BY position DESC LIMIT ?`,
      ),
      head: this.db.prepare('SELECT max(position) AS head FROM events'),
      streams: this.db.prepare(
        `SELECT name, last_revision, last_position FROM streams WHERE name >= ? ORDER BY name LIMIT ?`,
      ),
    };
    this.writer =
      options.filename === ':memory:'
        ? null
        : new WriterThread(
            options.filename,
            ['journal_mode = WAL', 'synchronous = FULL', 'busy_timeout = 5000'],
            { module: require.resolve('./append-batch'), write: appendBatch },
          );
  }

  private raw<P extends unknown[]>(sql: string): Database.Statement<P, EventRow> {
    return this.db.prepare<P, EventRow>(sql).raw(true);
  }

  append(
    streamName: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    if (this.closed) return Promise.reject(new EventStoreUnavailableError('event store is closed'));
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    return new Promise((resolve, reject) => {
      this.queue.push({ streamName, events, expected: expectedRevision, resolve, reject });
      if (!this.flushScheduled && !this.inFlight) {
        this.flushScheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  /** Writes the queued appends as one batch; the next batch starts when this one is on disk. */
  private async flush(): Promise<void> {
    this.flushScheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const requests = batch.map(({ streamName, events, expected }) => ({
      streamName,
      events,
      expected,
    }));
    const recordedAt = this.now().toISOString();
    let done!: () => void;
    this.inFlight = new Promise((r) => (done = r));
    try {
      const outcomes = this.writer
        ? await this.writer.write({ batch: requests, recordedAt })
        : appendBatch(this.db, { batch: requests, recordedAt });
      this.stats.commits += 1;
      this.stats.appends += batch.length;
      outcomes.forEach((o, i) => settle(batch[i], o));
      this.appended.emit('appended');
    } catch (error) {
      // The commit itself failed (disk full, I/O error, the writer died): nothing of the batch is durable.
      for (const p of batch) p.reject(new EventStoreUnavailableError('append failed', error));
    } finally {
      this.inFlight = null;
      done();
      if (this.queue.length > 0) void this.flush();
    }
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
    return this.readAllSync(options);
  }

  private readAllSync(options: ReadAllOptions): RecordedEvent[] {
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
    const store = this;
    let closed = false;
    let wake: (() => void) | null = null;
    // An append that lands while the consumer is busy must not be lost: it is remembered here and
    // checked before waiting, or the subscription would sleep until the next poll.
    let appendedSinceRead = false;
    const onAppend = () => {
      appendedSinceRead = true;
      wake?.();
    };
    this.appended.on('appended', onAppend);
    const stop = () => {
      closed = true;
      store.appended.off('appended', onAppend);
      wake?.();
    };
    // Batches straight from the log's pages: a rebuild reads a million events in a few thousand
    // statements and a few dozen batches, with no promise per event.
    async function* batches(max: number): AsyncGenerator<RecordedEvent[]> {
      let after = options.after;
      try {
        while (!closed && !store.closed) {
          appendedSinceRead = false;
          const batch: RecordedEvent[] = [];
          let scanned = 0;
          let more = true;
          // Bounded by rows scanned too, so a sparse filter does not hold the event loop for the
          // whole log in one turn.
          while (more && batch.length < max && scanned < Math.max(max, SUBSCRIPTION_PAGE)) {
            const limit = Math.min(Math.max(max - batch.length, SUBSCRIPTION_PAGE), READ_PAGE);
            const rows = store.stmt.allForwards.all(after + 1, limit);
            scanned += rows.length;
            more = rows.length === limit;
            for (const row of rows) {
              // A full batch ends here; the rest of the page is read again for the next one.
              if (batch.length === max) {
                more = true;
                break;
              }
              after = row[POSITION];
              if (matchesFilter({ streamName: row[STREAM_NAME], type: row[TYPE] }, options.filter))
                batch.push(toRecorded(row));
            }
          }
          if (batch.length > 0) yield batch;
          else if (more) await new Promise(setImmediate);
          if (more || appendedSinceRead || closed) continue;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, store.pollIntervalMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
        }
      } finally {
        stop();
      }
    }
    async function* events(): AsyncGenerator<RecordedEvent> {
      for await (const batch of batches(SUBSCRIPTION_PAGE)) {
        for (const event of batch) {
          if (closed) return;
          yield event;
        }
      }
    }
    return oneWay(events, batches, async () => stop());
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
    while (this.inFlight || this.queue.length > 0) {
      if (this.inFlight) await this.inFlight;
      else await this.flush();
    }
    await this.writer?.close();
    this.appended.emit('appended');
    this.db.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new EventStoreUnavailableError('event store is closed');
  }
}

function settle(p: PendingAppend, outcome: AppendOutcome): void {
  if ('ok' in outcome) p.resolve(outcome.ok);
  else if ('wrongRevision' in outcome) {
    const w = outcome.wrongRevision;
    p.reject(new WrongExpectedRevisionError(w.streamName, w.expected, w.actual));
  } else if ('duplicateId' in outcome) p.reject(new DuplicateEventIdError(outcome.duplicateId));
  else p.reject(new EventStoreUnavailableError(`append failed: ${outcome.failed}`));
}

function toRecorded([
  position,
  id,
  streamName,
  revision,
  type,
  data,
  metadata,
  recordedAt,
]: EventRow): RecordedEvent {
  return {
    id,
    streamName,
    revision,
    position,
    type,
    data: JSON.parse(data),
    metadata: JSON.parse(metadata),
    recordedAt,
  };
}
