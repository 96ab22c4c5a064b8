import type { EventEmitter } from 'node:events';
import { oneWay } from '../batch-events';
import { matchesFilter, RecordedEvent, SubscribeOptions, Subscription } from '../event-store.port';
import { EventStatements, POSITION, STREAM_NAME, TYPE, toRecorded } from './event-rows';

/** Events per page of an event-by-event subscription. */
export const SUBSCRIPTION_PAGE = 512;
/** Most rows one statement of a subscription reads. */
const READ_PAGE = 10_000;

export interface LogSource {
  statements: EventStatements;
  /** Emits 'appended' when this process's appends commit. */
  appended: EventEmitter;
  /** How often to re-read when no append of this process woke the subscription (another may write). */
  pollIntervalMs: number;
  isOpen(): boolean;
}

/**
 * A catch-up subscription to the whole log: reads pages of the log, then waits for the next append
 * of this process, or polls (another process may write the same file).
 */
export function subscribeToLog(log: LogSource, options: SubscribeOptions): Subscription {
  let closed = false;
  let wake: (() => void) | null = null;
  // An append that lands while the consumer is busy must not be lost: it is remembered here and
  // checked before waiting, or the subscription would sleep until the next poll.
  let appendedSinceRead = false;
  const onAppend = () => {
    appendedSinceRead = true;
    wake?.();
  };
  log.appended.on('appended', onAppend);
  const stop = () => {
    closed = true;
    log.appended.off('appended', onAppend);
    wake?.();
  };
  // Batches straight from the log's pages: a rebuild reads a million events in a few thousand
  // statements and a few dozen batches, with no promise per event.
  async function* batches(max: number): AsyncGenerator<RecordedEvent[]> {
    let after = options.after;
    try {
      while (!closed && log.isOpen()) {
        appendedSinceRead = false;
        const batch: RecordedEvent[] = [];
        let scanned = 0;
        let more = true;
        // Bounded by rows scanned too, so a sparse filter does not hold the event loop for the
        // whole log in one turn.
        while (more && batch.length < max && scanned < Math.max(max, SUBSCRIPTION_PAGE)) {
          const limit = Math.min(Math.max(max - batch.length, SUBSCRIPTION_PAGE), READ_PAGE);
          const rows = log.statements.allForwards.all(after + 1, limit);
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
          const timer = setTimeout(resolve, log.pollIntervalMs);
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
