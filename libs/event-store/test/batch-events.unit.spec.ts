import { batchEvents } from '../src/batch-events';
import type { RecordedEvent } from '../src/event-store.port';

const event = (position: number): RecordedEvent => ({
  id: `e${position}`,
  streamName: 's',
  revision: position - 1,
  position,
  type: 'Happened',
  data: {},
  metadata: { occurredAt: '2026-11-22T00:00:00.000Z' },
  recordedAt: '2026-11-22T00:00:00.000Z',
});

/** A source like a subscription: a burst of events already there, then it waits until released. */
function source(burst: number, afterWait: number) {
  let release!: () => void;
  const waiting = new Promise<void>((r) => (release = r));
  const state = { returned: false };
  async function* events(): AsyncGenerator<RecordedEvent> {
    try {
      for (let p = 1; p <= burst; p++) yield event(p);
      await waiting;
      for (let p = burst + 1; p <= burst + afterWait; p++) yield event(p);
    } finally {
      state.returned = true;
    }
  }
  return { events: { [Symbol.asyncIterator]: events }, release, state };
}

describe('batchEvents (the batches of an adapter that delivers events one at a time)', () => {
  it('groups what is already there, at most max per batch, and ends a batch where the source waits', async () => {
    const s = source(7, 2);
    const it = batchEvents(s.events, 3)[Symbol.asyncIterator]();
    const positions = async () =>
      ((await it.next()).value as RecordedEvent[]).map((e) => e.position);
    expect(await positions()).toEqual([1, 2, 3]);
    expect(await positions()).toEqual([4, 5, 6]);
    // The seventh is delivered alone although the batch is not full: the source has to wait.
    expect(await positions()).toEqual([7]);
    s.release();
    expect(await positions()).toEqual([8, 9]);
    expect((await it.next()).done).toBe(true);
  });

  it('ends the source when the batches are no longer read', async () => {
    const s = source(5, 0);
    for await (const batch of batchEvents(s.events, 2)) {
      expect(batch).toHaveLength(2);
      break;
    }
    await new Promise((r) => setImmediate(r));
    expect(s.state.returned).toBe(true);
  });
});
