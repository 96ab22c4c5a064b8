import { deepFreeze } from '@companion/caching';
import type { RecordedEvent } from '../event-store.port';
import type { AppendOutcome, AppendRequest } from './append-batch';

/**
 * The events a committed batch wrote, for this process's subscriptions: they need not read and
 * parse from the file what the process has just handed to the writer (docs/write-path-cost.md,
 * "The appended events handed to the subscriptions"). Appends that were refused or only repeated
 * (a retry answered from the log) wrote nothing and give nothing.
 *
 * Only events that are exactly what the file gives back are handed over (`survivesJson`). An
 * append with any other is left out, and so is everything before it in the batch: the gap it
 * leaves then comes before what is handed over, and a subscription reads it from the file like
 * another process's at once, instead of taking what follows and waiting for the next poll to
 * notice what came after.
 *
 * One append's events are consecutive rows of one write transaction, so the i-th of n has the
 * position and revision `n - 1 - i` before the last one's, which the append returns. With
 * `freeze` (tests) they are frozen: every subscriber of the process shares the same objects.
 */
export function appendedEvents(
  batch: readonly AppendRequest[],
  outcomes: readonly AppendOutcome[],
  recordedAt: string,
  freeze: boolean,
): RecordedEvent[] {
  const out: RecordedEvent[] = [];
  outcomes.forEach((outcome, i) => {
    if (!('ok' in outcome) || outcome.repeated) return;
    const { streamName, events } = batch[i];
    if (LONE_SURROGATE.test(streamName) || !events.every(storedAsIs)) {
      out.length = 0;
      return;
    }
    const last = events.length - 1;
    events.forEach((e, j) => {
      const event: RecordedEvent = {
        id: e.id,
        streamName,
        revision: outcome.ok.nextRevision - last + j,
        position: outcome.ok.position - last + j,
        type: e.type,
        data: e.data,
        metadata: e.metadata as RecordedEvent['metadata'],
        recordedAt,
      };
      out.push(freeze ? deepFreeze(event) : event);
    });
  });
  return out;
}

/**
 * The event as the file gives it back: its texts well formed (SQLite stores them as UTF-8, a lone
 * surrogate would come back replaced), its data and metadata unchanged by JSON.
 */
function storedAsIs(e: AppendRequest['events'][number]): boolean {
  return (
    !LONE_SURROGATE.test(e.id) &&
    !LONE_SURROGATE.test(e.type) &&
    survivesJson(e.data) &&
    survivesJson(e.metadata)
  );
}

/** In a `u` expression only a surrogate without its pair is a code point of its own. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Whether `JSON.parse(JSON.stringify(value))` is `value` as it stands, and the writer thread's
 * structured clone of it too: strings, finite numbers other than `-0`, booleans, null, and plain
 * objects and arrays of them, with nothing JSON would drop or read differently — no `undefined`
 * member, hole, symbol, hidden or accessor property, `toJSON`, `Date` or other class instance.
 */
export function survivesJson(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object':
      break;
    default:
      return false;
  }
  if (value === null) return true;
  const proto = Object.getPrototypeOf(value);
  const isArray = proto === Array.prototype && Array.isArray(value);
  if (!isArray && proto !== Object.prototype) return false;
  const keys = Reflect.ownKeys(value);
  if (isArray) {
    // An array's own keys are its indices in order, then `length`, then any other member.
    const n = (value as unknown[]).length;
    if (keys.length !== n + 1) return false;
    for (let i = 0; i < n; i++) if (keys[i] !== String(i)) return false;
    keys.pop();
  }
  for (const key of keys) {
    if (typeof key !== 'string' || key === '__proto__') return false;
    const d = Object.getOwnPropertyDescriptor(value, key)!;
    if (!d.enumerable || !('value' in d) || !survivesJson(d.value)) return false;
  }
  return true;
}
