import { AsyncLocalStorage } from 'node:async_hooks';
import { derivedId, newTimeOrderedId, TIME_ORDERED_UUID } from '../ids';

/**
 * Where a command's id comes from. A request that a client may send again (one with an
 * Idempotency-Key) runs in a scope named after that key: its commands get ids derived from the
 * scope and their order in it, so the same request sent again gets the same ids, and so do the
 * events they decide. Anything else gets a fresh id per command. Either way the id, and so the
 * event ids, are fixed before the first append attempt.
 *
 * The storage is enabled only while a scope is open. On Node 20 an enabled AsyncLocalStorage runs
 * async_hooks' promise hooks for every promise of the process, every route's included, and Node
 * turns them off again only when no storage is enabled (`disable()`): with a context entered per
 * request, the Nest floor cost 136 µs of CPU a request against 100 without, a pulse 280 against
 * 215 (docs/http-pipeline-cost.md, section 5). So the last scope to close disables it. Once
 * disabled, no context of the storage answers `getStore()` until it is enabled again, which is why
 * it waits for the last one: a scope still open keeps deriving its ids.
 */
const scope = new AsyncLocalStorage<{ base: string; counts: Map<string, number> }>();
let openScopes = 0;

/**
 * Runs `run` in a scope that stays open until `close` is called (once; later calls do nothing):
 * for work that ends later than `run` returns, an Observable's subscription for one.
 */
export function openCommandScope<T>(base: string, run: () => T): { result: T; close: () => void } {
  openScopes++;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    if (--openScopes === 0) scope.disable();
  };
  try {
    return { result: scope.run({ base, counts: new Map() }, run), close };
  } catch (error) {
    close();
    throw error;
  }
}

/** Runs `run` in a scope until the promise it returns settles. */
export async function runInCommandScope<T>(base: string, run: () => Promise<T>): Promise<T> {
  const { result, close } = openCommandScope(base, run);
  try {
    return await result;
  } finally {
    close();
  }
}

/** Scopes open now (tests: none is left open once their work has ended). */
export function openCommandScopes(): number {
  return openScopes;
}

/**
 * Runs outside any scope: for bookkeeping commands of the request itself (its Idempotency-Key
 * record), which must get fresh ids even when they run inside the request's scope.
 */
export function outsideCommandScope<T>(run: () => T): T {
  return scope.exit(run);
}

/**
 * The next command id for a stream: derived in a scope (per stream, in order), else fresh and
 * ordered by `now`. `repeatable` says a command with this id may have run before (its events may
 * be in the stream).
 */
export function nextCommandId(streamName: string, now: Date): { id: string; repeatable: boolean } {
  const current = scope.getStore();
  if (!current) return { id: newTimeOrderedId(now), repeatable: false };
  const n = current.counts.get(streamName) ?? 0;
  current.counts.set(streamName, n + 1);
  return { id: derivedId(current.base, streamName, String(n)), repeatable: true };
}

/**
 * The id of a command's `index`-th event: the same on every attempt of that command. The events of
 * a time-ordered command id (a fresh command's) keep its first 48 bits, the time, so they sort by
 * time too; the rest is derived. The events of a command whose id was derived (in an
 * Idempotency-Key's scope) keep ids derived from the command id alone, as they always had: a
 * client's retry of a request sent before an upgrade finds them.
 */
export function eventIdOf(commandId: string, index: number): string {
  const derived = derivedId(commandId, String(index));
  return TIME_ORDERED_UUID.test(commandId)
    ? `${commandId.slice(0, 14)}7${derived.slice(15)}`
    : derived;
}
