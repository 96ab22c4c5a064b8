import type { ProjectedEvent, RecordedEvent, Subscription } from './event-store.port';

const IDLE = Symbol('idle');

/**
 * Groups a stream of events into batches for an adapter that delivers events one at a time:
 * everything already available goes into one batch, up to `max`; the batch ends when the source
 * has to wait (for the network or for new appends), so a lone live event is delivered at once.
 */
export async function* batchEvents(
  source: AsyncIterable<RecordedEvent>,
  max: number,
): AsyncGenerator<RecordedEvent[]> {
  const it = source[Symbol.asyncIterator]();
  try {
    let next = it.next();
    for (;;) {
      const first = await next;
      if (first.done) return;
      const batch = [first.value];
      next = it.next();
      // One macrotask per batch, not per event: events already received arrive within microtasks.
      let idle = false;
      const gone = new Promise<typeof IDLE>((resolve) =>
        setImmediate(() => ((idle = true), resolve(IDLE))),
      );
      while (batch.length < max && !idle) {
        const r = await Promise.race([next, gone]);
        if (r === IDLE) break;
        if (r.done) {
          yield batch;
          return;
        }
        batch.push(r.value);
        next = it.next();
      }
      yield batch;
    }
  } finally {
    // Not awaited: a source waiting for new events ends that wait when its subscription closes.
    void it.return?.(undefined);
  }
}

/**
 * A subscription over an adapter's two readers, read one way: the event iterator is made once
 * (iterating again after a break finds it finished, as a closed subscription is), or one batch
 * reader; `close` stops the adapter's reading, then ends whichever reader is in use.
 */
export function oneWay<E extends ProjectedEvent = RecordedEvent>(
  events: () => AsyncGenerator<E>,
  batches: (max: number) => AsyncGenerator<E[]>,
  stop: () => Promise<void>,
): Subscription<E> {
  let reader: AsyncGenerator<E> | AsyncGenerator<E[]> | undefined;
  let byEvent: AsyncGenerator<E> | undefined;
  const start = <T extends AsyncGenerator<E> | AsyncGenerator<E[]>>(it: T): T => {
    if (reader) throw new Error('a subscription is read one way: by event or in batches, once');
    reader = it;
    return it;
  };
  return {
    [Symbol.asyncIterator]: () => (byEvent ??= start(events())),
    batches: (max) => ({ [Symbol.asyncIterator]: () => start(batches(max)) }),
    close: async () => {
      await stop();
      await reader?.return(undefined);
    },
  };
}
