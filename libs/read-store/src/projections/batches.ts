import type { RecordedEvent } from '@companion/event-store';

const IDLE = Symbol('idle');

/**
 * Groups a subscription's events into batches: everything already available (a page of history,
 * a burst of appends) goes into one batch, up to `max`, so catch-up and rebuilds commit thousands of
 * events per read-store transaction while a lone live event is applied at once.
 */
export async function* batches(source: AsyncIterable<RecordedEvent>, max: number): AsyncGenerator<RecordedEvent[]> {
  const it = source[Symbol.asyncIterator]();
  let next = it.next();
  for (;;) {
    const first = await next;
    if (first.done) return;
    const batch = [first.value];
    next = it.next();
    // One macrotask per batch, not per event: events of a page read arrive within microtasks, so
    // the batch ends when the source has to wait (for the disk or for new appends).
    let idle = false;
    const gone = new Promise<typeof IDLE>((resolve) => setImmediate(() => ((idle = true), resolve(IDLE))));
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
}
