import { DomainEvent } from '../domain';
import { CommandScope } from './command-ids';
import { StreamState } from './stream-states';

// What `EventSourcedCommands.handle` takes besides the stream, the decider and the command, and
// what it answers.

export interface CommandContext {
  actorId?: string;
  correlationId?: string;
  /** Fixes the command's event ids; by default one from `scope`, else a fresh one (`command-ids`). */
  commandId?: string;
  /**
   * The Idempotency-Key scope of the request this command serves (`@IdempotencyScope()` on a
   * write route): the command's id is derived from it, so the request sent again finds its events.
   */
  scope?: CommandScope;
}

export interface HandleOptions<State = unknown> {
  /**
   * The stream is usually new when nothing of it is remembered (a pair's first swipe): decide on
   * the initial state and append expecting no stream, instead of reading first. An existing stream
   * makes the append fail (or a refusal is re-checked) and the next attempt reads it, so a wrong
   * guess costs one round trip and never a wrong decision.
   */
  likelyNew?: boolean;
  /**
   * Wait for the read models to apply the write before answering (read your writes). Off for
   * streams no read model reads (the Idempotency-Key records).
   */
  awaitReadModels?: boolean;
  /**
   * The decider's state is a function of the stream's last event alone (its `evolve` keeps
   * nothing of earlier events: the presence stream's last check-in): a stream not remembered is
   * read as its last event, not from its start, however long it has grown.
   */
  lastEventDecides?: boolean;
  /**
   * The caller keeps this stream's state (the `state` and `revision` of its last result there;
   * null: nothing yet, so it is read): decided on without reading, and kept out of the shared
   * cache of stream states, which one presence stream per polling agent would flush of every
   * match and swipe stream (docs/pulse-at-scale.md). A stale one costs a conflict and a read,
   * never a wrong decision.
   */
  known?: StreamState<State> | null;
}

export interface CommandResult<State, Event extends DomainEvent> {
  /** State after the new events. */
  state: State;
  /** What this command decided; [] when it changed nothing (an idempotent repeat). */
  events: Event[];
  /** Global position of the last new event, or null when nothing was written. */
  position: number | null;
  /** When the new events occurred (the clock's time at the decision), or null when none. */
  occurredAt: string | null;
  /** The stream's revision after the command (-1: the stream has no events). */
  revision: number;
}
