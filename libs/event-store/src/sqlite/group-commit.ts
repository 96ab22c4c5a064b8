import type Database from 'better-sqlite3';
import { appendBatch, AppendBatch, AppendOutcome, AppendRequest } from './append-batch';
import { appendedEvents } from './appended-events';
import { WriterThread } from './writer-thread';
import { WAL_CHECKPOINT_EVERY_MS } from './wal-checkpointer';
import {
  AppendResult,
  DuplicateEventIdError,
  EventStoreUnavailableError,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  WrongExpectedRevisionError,
} from '../event-store.port';
import { EVENT_STORE_PRAGMAS } from './event-rows';

interface PendingAppend extends AppendRequest {
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: appends are queued and written by one transaction per batch, so N concurrent
 * requests cost one WAL flush, not N. A file store writes on its own thread (the flush never stops
 * the event loop) and, while one batch is flushed, the next gathers every append that arrives. Each
 * append runs in its own savepoint inside the batch (append-batch.ts): a conflict rejects that
 * append alone and leaves nothing of it behind.
 */
export class GroupCommit {
  private queue: PendingAppend[] = [];
  private flushScheduled = false;
  private inFlight: Promise<void> | null = null;
  /** Null for ':memory:', which another thread cannot open: such a store writes in-process. */
  private readonly writer: WriterThread<AppendBatch, AppendOutcome[]> | null;
  /** Transactions committed and appends acknowledged: their ratio is the group-commit factor. */
  readonly stats = { commits: 0, appends: 0 };

  constructor(
    filename: string,
    private readonly db: Database.Database,
    private readonly now: () => Date,
    /** A batch committed, with the events it wrote (appended-events.ts): subscriptions go on. */
    private readonly onCommitted: (events: RecordedEvent[]) => void,
    /** Tests: the events handed to `onCommitted` are frozen. */
    private readonly freezeAppended = false,
  ) {
    this.writer =
      filename === ':memory:'
        ? null
        : new WriterThread(
            filename,
            EVENT_STORE_PRAGMAS,
            { module: require.resolve('./append-batch'), write: appendBatch },
            { checkpointEveryMs: WAL_CHECKPOINT_EVERY_MS },
          );
  }

  append(
    streamName: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ streamName, events, expected, resolve, reject });
      if (!this.flushScheduled && !this.inFlight) {
        this.flushScheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  /** Acknowledges what is queued, then stops the writer thread. */
  async close(): Promise<void> {
    while (this.inFlight || this.queue.length > 0) {
      if (this.inFlight) await this.inFlight;
      else await this.flush();
    }
    await this.writer?.close();
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
      this.onCommitted(this.handOver(requests, outcomes, recordedAt));
    } catch (error) {
      // The commit itself failed (disk full, I/O error, the writer died): nothing of the batch is durable.
      for (const p of batch) p.reject(new EventStoreUnavailableError('append failed', error));
    } finally {
      this.inFlight = null;
      done();
      if (this.queue.length > 0) void this.flush();
    }
  }

  /** What the batch wrote, for the subscriptions; if that fails, they read it from the file. */
  private handOver(
    requests: AppendRequest[],
    outcomes: AppendOutcome[],
    recordedAt: string,
  ): RecordedEvent[] {
    try {
      return appendedEvents(requests, outcomes, recordedAt, this.freezeAppended);
    } catch {
      return [];
    }
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
