import { derivedId, newId, newTimeOrderedId, TIME_ORDERED_UUID } from '../ids';

/**
 * Where a command's id comes from. A request that a client may send again (one with an
 * Idempotency-Key) has a scope named after that key, which the request hands to its commands
 * (`CommandContext.scope`): their ids are derived from the scope and their order in it, so the same
 * request sent again gets the same ids, and so do the events they decide. Anything else gets a
 * fresh id per command. Either way the id, and so the event ids, are fixed before the first append
 * attempt.
 *
 * The scope is passed by hand, not found in an AsyncLocalStorage: on Node 20 an enabled storage
 * runs async_hooks' promise hooks for every promise of the process, so while any keyed write was in
 * flight every other request paid for them too (a pulse beside two clients' keyed messages: 15–23 %
 * more CPU, docs/idempotency.md, "What a key costs the other requests").
 */
export class CommandScope {
  private readonly counts = new Map<string, number>();

  /** `base`: the Idempotency-Key claim's scope, the same on every retry of the request. */
  constructor(readonly base: string) {}

  /** The id of this scope's next command on a stream: per stream, in order. */
  nextId(streamName: string): string {
    const n = this.counts.get(streamName) ?? 0;
    this.counts.set(streamName, n + 1);
    return derivedId(this.base, streamName, String(n));
  }

  /** The id of the next entity of this kind the request creates (a message): per kind, in order. */
  nextEntityId(kind: string): string {
    const key = `\u0000${kind}`;
    const n = this.counts.get(key) ?? 0;
    this.counts.set(key, n + 1);
    return derivedId(this.base, 'entity', kind, String(n));
  }
}

/**
 * The id of an entity a command creates (a message, a report, a guided date): fresh, or in a
 * scope the same on every retry, so the retry's answer names what the first attempt wrote, and a
 * stream named after the entity is the same stream.
 */
export function newEntityId(kind: string, scope?: CommandScope): string {
  return scope ? scope.nextEntityId(kind) : newId();
}

/**
 * The next command id for a stream: derived in a scope, else fresh and ordered by `now`.
 * `repeatable` says a command with this id may have run before (its events may be in the stream).
 */
export function nextCommandId(
  streamName: string,
  now: Date,
  scope?: CommandScope,
): { id: string; repeatable: boolean } {
  if (!scope) return { id: newTimeOrderedId(now), repeatable: false };
  return { id: scope.nextId(streamName), repeatable: true };
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
