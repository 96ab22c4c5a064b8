import { AsyncLocalStorage } from 'node:async_hooks';
import { derivedId, newId } from '../ids';

/**
 * Where a command's id comes from. A request that a client may send again (one with an
 * Idempotency-Key) runs in a scope named after that key: its commands get ids derived from the
 * scope and their order in it, so the same request sent again gets the same ids, and so do the
 * events they decide. Anything else gets a fresh id per command. Either way the id, and so the
 * event ids, are fixed before the first append attempt.
 */
const scope = new AsyncLocalStorage<{ base: string; counts: Map<string, number> }>();

export function runInCommandScope<T>(base: string, run: () => T): T {
  return scope.run({ base, counts: new Map() }, run);
}

/**
 * Runs outside any scope: for bookkeeping commands of the request itself (its Idempotency-Key
 * record), which must get fresh ids even when they run inside the request's scope.
 */
export function outsideCommandScope<T>(run: () => T): T {
  return scope.exit(run);
}

/**
 * The next command id for a stream: derived in a scope (per stream, in order), else fresh.
 * `repeatable` says a command with this id may have run before (its events may be in the stream).
 */
export function nextCommandId(streamName: string): { id: string; repeatable: boolean } {
  const current = scope.getStore();
  if (!current) return { id: newId(), repeatable: false };
  const n = current.counts.get(streamName) ?? 0;
  current.counts.set(streamName, n + 1);
  return { id: derivedId(current.base, streamName, String(n)), repeatable: true };
}

/** The id of a command's `index`-th event: the same on every attempt of that command. */
export function eventIdOf(commandId: string, index: number): string {
  return derivedId(commandId, String(index));
}
