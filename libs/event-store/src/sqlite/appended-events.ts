import { deepFreeze } from '@companion/caching';
import type { RecordedEvent } from '../event-store.port';
import type { AppendOutcome, AppendRequest } from './append-batch';

/**
 * The events a committed batch wrote, as the log would give them back, for this process's
 * subscriptions: they need not read and parse from the file what the process has just handed to
 * the writer (docs/write-path-cost.md, "The appended events handed over"). Appends that were
 * refused or only repeated (a retry answered from the log) wrote nothing and give nothing.
 *
 * One append's events are consecutive rows of one transaction on the file's only writer
 * connection, so the i-th of n has the position and revision `n - 1 - i` before the last one's.
 * With `freeze` (tests) they are frozen: every subscriber of the process shares the same objects.
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
    const last = events.length - 1;
    events.forEach((e, j) => {
      const event: RecordedEvent = {
        id: e.id,
        streamName,
        revision: outcome.ok.nextRevision - last + j,
        position: outcome.ok.position - last + j,
        type: e.type,
        data: asStored(e.data),
        metadata: asStored(e.metadata) as RecordedEvent['metadata'],
        recordedAt,
      };
      out.push(freeze ? deepFreeze(event) : event);
    });
  });
  return out;
}

/**
 * A value as the log gives it back, `JSON.parse(JSON.stringify(value))`: the value itself when that
 * would change nothing (plain objects and arrays of strings, finite numbers, booleans and null), so
 * an event handed over is never different from the same event read from the file — no `undefined`
 * member, `Date` or `-0` reaches a subscriber that a rebuild would not see.
 */
export function asStored<T>(value: T): T {
  return isStoredShape(value) ? value : (JSON.parse(JSON.stringify(value)) as T);
}

function isStoredShape(value: unknown): boolean {
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
  const keys = Object.keys(value);
  if (proto === Array.prototype) {
    // A hole or a named member of an array would not survive.
    const items = value as unknown[];
    return keys.length === items.length && items.every(isStoredShape);
  }
  if (proto !== Object.prototype) return false;
  if (Object.getOwnPropertySymbols(value).length > 0) return false;
  const record = value as Record<string, unknown>;
  return keys.every((k) => k !== '__proto__' && isStoredShape(record[k]));
}
