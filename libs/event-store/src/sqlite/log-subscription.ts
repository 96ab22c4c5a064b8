import type { EventEmitter } from 'node:events';
import { oneWay } from '../batch-events';
import {
  matchesFilter,
  ProjectedEvent,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../event-store.port';
import {
  EventRow,
  EventStatements,
  POSITION,
  ProjectedRow,
  STREAM_NAME,
  toProjected,
  toRecorded,
  TYPE,
} from './event-rows';

/** Events per page of an event-by-event subscription. */
export const SUBSCRIPTION_PAGE = 512;
/** Most rows one statement of a subscription reads. */
const READ_PAGE = 10_000;
/**
 * Most appended events a subscription holds for its consumer: one this far behind (a rebuild's
 * catch-up) lets them go and reads the file when it gets there.
 */
const HANDED_OVER_MAX = READ_PAGE;

export interface LogSource {
  statements: EventStatements;
  /**
   * Emits 'appended' when this process's appends commit, with the events they wrote
   * (appended-events.ts), in the order of their positions.
   */
  appended: EventEmitter;
  /** How often to re-read when no append of this process woke the subscription (another may write). */
  pollIntervalMs: number;
  isOpen(): boolean;
}

/**
 * A catch-up subscription to the whole log: reads pages of the log, then waits for the next append
 * of this process, or polls (another process may write the same file). The events this process's
 * appends wrote are handed over with the news of their commit, and taken from there while they
 * continue the log exactly where the subscription is: a subscription that keeps up reads nothing
 * back from the file. Any other gap (another process's append, a consumer that fell behind) is
 * read from the file. `projected`: each event read from the file as a projection reads it
 * (`EventStore.subscribeProjected`).
 */
export function subscribeToLog(log: LogSource, options: SubscribeOptions): Subscription;
export function subscribeToLog(
  log: LogSource,
  options: SubscribeOptions,
  projected: true,
): Subscription<ProjectedEvent>;
export function subscribeToLog(
  log: LogSource,
  options: SubscribeOptions,
  projected = false,
): Subscription<ProjectedEvent> {
  // A filter by stream needs each row's stream name: whole rows then. A whole row is 8 long.
  const projectedRows = projected && !options.filter?.streamPrefixes;
  const page = (after: number, limit: number): Array<ProjectedRow | EventRow> =>
    projectedRows
      ? log.statements.allForwardsProjected.all(after, limit)
      : log.statements.allForwards.all(after, limit);
  const wanted = (row: ProjectedRow | EventRow) =>
    matchesFilter(
      { streamName: row.length === 8 ? row[STREAM_NAME] : '', type: row[TYPE] },
      options.filter,
    );
  const eventOf = (row: ProjectedRow | EventRow): ProjectedEvent =>
    row.length === 8 ? toRecorded(row) : toProjected(row);
  let closed = false;
  let wake: (() => void) | null = null;
  // An append that lands while the consumer is busy must not be lost: it is remembered here and
  // checked before waiting, or the subscription would sleep until the next poll.
  let appendedSinceRead = false;
  let handedOver: RecordedEvent[] = [];
  let next = 0; // the first of `handedOver` not yet taken
  const onAppend = (events?: readonly RecordedEvent[]) => {
    appendedSinceRead = true;
    if (events && events.length > 0) {
      if (handedOver.length - next + events.length > HANDED_OVER_MAX) {
        handedOver = [];
        next = 0;
      } else {
        if (next > 0 && next * 2 >= handedOver.length) {
          handedOver = handedOver.slice(next);
          next = 0;
        }
        for (const e of events) handedOver.push(e);
      }
    }
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
  async function* batches(max: number): AsyncGenerator<ProjectedEvent[]> {
    let after = options.after;
    try {
      while (!closed && log.isOpen()) {
        appendedSinceRead = false;
        const batch: ProjectedEvent[] = [];
        let scanned = 0;
        let more = true;
        // Bounded by rows scanned too, so a sparse filter does not hold the event loop for the
        // whole log in one turn.
        while (more && batch.length < max && scanned < Math.max(max, SUBSCRIPTION_PAGE)) {
          while (next < handedOver.length && handedOver[next].position <= after) next++;
          if (next < handedOver.length && handedOver[next].position === after + 1) {
            while (next < handedOver.length && batch.length < max) {
              const event = handedOver[next];
              if (event.position !== after + 1) break;
              next++;
              scanned++;
              after = event.position;
              if (matchesFilter(event, options.filter)) batch.push(event);
            }
            // Past the last one handed over, the file holds nothing more of this process's; a gap
            // before the next one is read from the file.
            more = next < handedOver.length;
            continue;
          }
          const limit = Math.min(Math.max(max - batch.length, SUBSCRIPTION_PAGE), READ_PAGE);
          const rows = page(after + 1, limit);
          scanned += rows.length;
          more = rows.length === limit;
          for (const row of rows) {
            // A full batch ends here; the rest of the page is read again for the next one.
            if (batch.length === max) {
              more = true;
              break;
            }
            after = row[POSITION];
            if (wanted(row)) batch.push(eventOf(row));
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
  async function* events(): AsyncGenerator<ProjectedEvent> {
    for await (const batch of batches(SUBSCRIPTION_PAGE)) {
      for (const event of batch) {
        if (closed) return;
        yield event;
      }
    }
  }
  return oneWay(events, batches, async () => stop());
}
