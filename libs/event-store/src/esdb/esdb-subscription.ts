import { AllStreamSubscription, START } from '@kurrent/kurrentdb-client';
import { BackoffPolicy, backoffDelay, cancellableDelay } from '../backoff';
import { batchEvents, oneWay } from '../batch-events';
import { matchesFilter, RecordedEvent, SubscribeOptions, Subscription } from '../event-store.port';
import type { EsdbClient } from './esdb-client';
import { endsSubscription, translate } from './esdb-errors';
import { isUserEvent, toEsdbPosition, toRecorded, toServerFilter } from './esdb-events';

export interface SubscriptionSettings {
  backoff: BackoffPolicy;
  /**
   * Events the client may hold before the adapter reads them (the readable's `highWaterMark`).
   * Node's default for object streams is 16, which caps every catch-up batch at 16 events and
   * makes a rebuild of a large log crawl; a few thousand lets `batches(max)` fill its batches.
   */
  bufferSize: number;
}

export const DEFAULT_SUBSCRIPTION: SubscriptionSettings = {
  backoff: { initialMs: 100, maxMs: 5000 },
  bufferSize: 4096,
};

/**
 * A catch-up subscription to `$all` that outlives its server stream. The client never
 * resubscribes by itself, and maps more than "unavailable" to the errors a dropped or restarted
 * server gives (gRPC INTERNAL/UNKNOWN become `UnknownError`), so this resubscribes after every
 * error but access denied and not found, and after a stream the server ended, from the position of
 * the last event it received, with capped exponential backoff and jitter. Events at or before that
 * position are skipped, so none is delivered twice across a resubscription, and none is lost,
 * because positions are exclusive cursors. The iteration ends with an error only for those two;
 * `close()` ends it quietly.
 */
export function resubscribingSubscription(
  client: EsdbClient,
  options: SubscribeOptions,
  settings: SubscriptionSettings,
  onClosed: () => void,
): Subscription {
  const filter = toServerFilter(options.filter);
  let closed = false;
  let current: AllStreamSubscription | undefined;
  let waiting: (() => void) | undefined;

  async function* iterate(): AsyncGenerator<RecordedEvent> {
    let after = options.after;
    let failures = 0;
    try {
      while (!closed) {
        let sub: AllStreamSubscription | undefined;
        try {
          sub = client.subscribeToAll(
            { fromPosition: after > 0 ? toEsdbPosition(after) : START, filter },
            { highWaterMark: settings.bufferSize },
          );
          current = sub;
          // Errors reach this loop through the iterator; this listener only keeps one that comes
          // after the loop has let go of the stream from crashing the process.
          sub.on('error', () => undefined);
          sub.once('confirmation', () => (failures = 0));
          for await (const resolved of sub) {
            const e = resolved.event;
            if (!e) continue;
            const position = Number(e.position.commit);
            // Already delivered before a resubscription (a server may resend the event at `after`).
            if (position <= after && after > 0) continue;
            after = position;
            failures = 0;
            if (
              isUserEvent(e) &&
              matchesFilter({ streamName: e.streamId, type: e.type }, options.filter)
            ) {
              yield toRecorded(e);
            }
          }
        } catch (error) {
          if (closed) return;
          if (endsSubscription(error)) throw translate(error);
        } finally {
          current = undefined;
          await sub?.unsubscribe().catch(() => undefined);
        }
        if (closed) return;
        const delay = cancellableDelay(backoffDelay(failures++, settings.backoff));
        waiting = delay.cancel;
        await delay.done;
        waiting = undefined;
      }
    } finally {
      onClosed();
    }
  }

  const subscription: Subscription = oneWay(
    iterate,
    (max) => batchEvents({ [Symbol.asyncIterator]: iterate }, max),
    async () => {
      closed = true;
      waiting?.();
      if (current) {
        // Ending the server stream ends a pending read of the loop; destroying the readable makes
        // sure it does not wait for that.
        const unsubscribed = current.unsubscribe().catch(() => undefined);
        current.destroy();
        await unsubscribed;
      }
      onClosed();
    },
  );
  return subscription;
}
