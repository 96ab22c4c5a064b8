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
    while (batch.length < max) {
      const r = await Promise.race([next, new Promise<typeof IDLE>((resolve) => setImmediate(() => resolve(IDLE)))]);
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
