import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AppendOutcomeUnknownError,
  AppendResult,
  appendedAlready,
  backoffDelay,
  cancellableDelay,
  EVENT_STORE,
  EventStore,
  EventMetadata,
  ExpectedRevision,
  NewEvent,
  WrongExpectedRevisionError,
} from '@companion/event-store';
import { Decider, DomainEvent, fold } from '../domain';
import { CLOCK, Clock } from '../clock/clock';
import { AppConfig, CONFIG } from '../config/config';
import { eventIdOf, nextCommandId } from './command-ids';
import { CommandContext, CommandResult, HandleOptions } from './command-options';
import { CONSISTENCY, Consistency } from './consistency';
import { StreamState, StreamStates } from './stream-states';

const MAX_ATTEMPTS = 5;

/** Reads of the stream to learn whether an append with an unknown outcome landed. */
const SETTLE_TRIES = 6;
const SETTLE_BACKOFF = { initialMs: 100, maxMs: 2000 };

/** How many of a stream's newest events a repeated command's events are looked for among. */
const REPEAT_WINDOW = 50;

/** Streams whose folded state is kept between commands. */
const REMEMBERED_STREAMS = 100_000;

/**
 * The command-handling loop (read → decide → append with the revision read → retry on a
 * conflict; the read is only the stream's tail after the state remembered from the last command),
 * then read-your-writes: the result is returned once the read models have applied the
 * new events, or after the consistency timeout — a committed write is never reported as failed.
 *
 * Faults (architecture §8). The event ids are fixed before the first attempt, derived from the
 * command id, so every attempt of one command sends the same ids and the store writes them at most
 * once. When the store cannot say whether an append landed (the adapter's own retries of it ran
 * out), this reads the stream until it can: the events found there are the command's success;
 * not found, the same append is tried again. Only a store that stays unreachable for that whole
 * time gives an error (503), and then the outcome is truly unknown to anyone.
 */
@Injectable()
export class EventSourcedCommands {
  private readonly logger = new Logger(EventSourcedCommands.name);
  private readonly states: StreamStates;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONSISTENCY) private readonly consistency: Consistency,
    @Inject(CONFIG) config: Pick<AppConfig, 'freezeShared'>,
  ) {
    this.states = new StreamStates(REMEMBERED_STREAMS, config.freezeShared);
  }

  async handle<State, Command, Event extends DomainEvent>(
    streamName: string,
    decider: Decider<State, Command, Event>,
    command: Command,
    context: CommandContext = {},
    options: HandleOptions<State> = {},
  ): Promise<CommandResult<State, Event>> {
    const shared = options.known === undefined;
    const { id: commandId, repeatable } = context.commandId
      ? { id: context.commandId, repeatable: true }
      : nextCommandId(streamName, this.clock.now(), context.scope);
    if (repeatable) {
      const done = await this.doneBefore(streamName, decider, commandId, options, shared);
      if (done) return done;
    }
    for (let attempt = 1; ; attempt++) {
      // A remembered state is decided on without reading: if the stream moved on meanwhile (another
      // process appended), the append's expected revision fails and the next attempt reads the tail.
      const remembered =
        attempt > 1
          ? undefined
          : shared
            ? this.states.get<State>(decider, streamName)
            : (options.known ?? undefined);
      const known =
        remembered ??
        (attempt === 1 && options.likelyNew
          ? { state: decider.initialState(), revision: -1 }
          : undefined);
      const { state, revision } =
        known ?? (await this.catchUp(streamName, decider, options.lastEventDecides, shared));
      let events: Event[];
      try {
        events = decider.decide(command, state);
      } catch (error) {
        // A refusal must not rest on a stale state: decide again on the stream as it is.
        if (known && (await this.moved(streamName, known.revision))) continue;
        throw error;
      }
      if (events.length === 0) {
        if (known && (await this.moved(streamName, known.revision))) continue;
        return { state, events, position: null, occurredAt: null, revision };
      }
      const expected = revision < 0 ? 'no_stream' : revision;
      const occurredAt = this.clock.now().toISOString();
      const metadata = metadataOf(occurredAt, context);
      const newEvents: NewEvent[] = events.map((e, i) => ({
        id: eventIdOf(commandId, i),
        type: e.type,
        data: e.data,
        metadata,
      }));
      // Before the append: an evolve that fails (on a frozen state it tried to change) writes nothing.
      const next = events.reduce(decider.evolve, state);
      const result = await this.appendSettled(streamName, newEvents, expected);
      if (result instanceof WrongExpectedRevisionError) {
        if (attempt < MAX_ATTEMPTS) continue;
        throw result;
      }
      const after = { state: next, revision: result.nextRevision };
      this.states.remember(decider, streamName, after, shared);
      if (options.awaitReadModels !== false && !(await this.consistency.waitFor(result.position))) {
        this.logger.warn(
          `read models did not reach position ${result.position} in time; answering anyway`,
        );
      }
      return { ...after, events, position: result.position, occurredAt };
    }
  }

  /**
   * A command sent again (the same command id: a client's retry of a request whose answer it never
   * got) whose events are already in the stream: its result again, and nothing written twice. Its
   * events are looked for among the stream's newest, where a retry soon after finds them.
   */
  private async doneBefore<State, Command, Event extends DomainEvent>(
    streamName: string,
    decider: Decider<State, Command, Event>,
    commandId: string,
    { lastEventDecides }: HandleOptions<State>,
    shared: boolean,
  ): Promise<CommandResult<State, Event> | null> {
    const newest = await this.store.readStream(streamName, {
      direction: 'backwards',
      maxCount: REPEAT_WINDOW,
    });
    const first = newest.findIndex((e) => e.id === eventIdOf(commandId, 0));
    if (first < 0) return null;
    const mine = newest
      .slice(0, first + 1)
      .reverse()
      .filter((e, i) => e.id === eventIdOf(commandId, i));
    const { state, revision } = await this.catchUp(streamName, decider, lastEventDecides, shared);
    const last = mine[mine.length - 1];
    await this.consistency.waitFor(last.position);
    return {
      state,
      events: mine.map((e) => ({ type: e.type, data: e.data }) as Event),
      position: last.position,
      occurredAt: mine[0].metadata.occurredAt,
      revision,
    };
  }

  /**
   * The append, sent until its outcome is known: its result, or the conflict that lets the loop
   * decide again. After an unknown outcome that a read of the stream did not find, the very same
   * append (same ids, same expected revision) goes again, never a new decision: the first one may
   * still land after that read, and only at the revision after the one it expected. Sent again at
   * that revision, KurrentDB answers it as the first one's result when it did land (an exact
   * expected revision makes the server compare the ids already there), and refuses it when another
   * write holds that place, and then the first one can never land. A new decision on a stream that
   * holds this command's own events would write them twice, under the same ids, at a new revision
   * (the server checks ids only behind the expected revision, not at the end of the stream).
   */
  private async appendSettled(
    streamName: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult | WrongExpectedRevisionError> {
    for (let tries = 1; ; tries++) {
      try {
        return await this.store.append(streamName, events, expected);
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) return error;
        if (!(error instanceof AppendOutcomeUnknownError)) throw error;
        const found = await this.settle(streamName, events, expected, error);
        if (found) return found;
        if (tries >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * Whether an append whose outcome is unknown is in the stream, asked until the store answers:
   * its result when it is, null when it is not; the append's error when the store stays unreachable.
   */
  private async settle(
    streamName: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
    error: AppendOutcomeUnknownError,
  ): Promise<AppendResult | null> {
    for (let tries = 0; tries < SETTLE_TRIES; tries++) {
      try {
        return await appendedAlready(
          (name, options) => this.store.readStream(name, options),
          streamName,
          events,
          expected,
        );
      } catch {
        await cancellableDelay(backoffDelay(tries, SETTLE_BACKOFF)).done;
      }
    }
    this.logger.error(`append to ${streamName}: outcome still unknown: ${error.message}`);
    throw error;
  }

  /** Folds the events after the remembered state (all of them when none is); `shared`: `known`. */
  private async catchUp<State, Event extends DomainEvent>(
    streamName: string,
    decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
    lastEventDecides = false,
    shared = true,
  ): Promise<StreamState<State>> {
    const known = shared ? this.states.get<State>(decider, streamName) : undefined;
    const tail = await this.store.readStream(
      streamName,
      known
        ? { fromRevision: known.revision + 1 }
        : lastEventDecides
          ? { direction: 'backwards', maxCount: 1 }
          : {},
    );
    if (known && tail.length === 0) return known;
    const state = fold(
      decider,
      tail.map((e) => ({ type: e.type, data: e.data }) as Event),
      known?.state,
    );
    const entry = { state, revision: tail.length > 0 ? tail[tail.length - 1].revision : -1 };
    this.states.remember(decider, streamName, entry, shared);
    return entry;
  }

  private async moved(streamName: string, revision: number): Promise<boolean> {
    return (
      (await this.store.readStream(streamName, { fromRevision: revision + 1, maxCount: 1 }))
        .length > 0
    );
  }
}

/**
 * The metadata of a command's events, without the members it lacks: the log would drop an
 * `undefined` member, and an event handed to this process's subscriptions must be the one they
 * would read back (libs/event-store/src/sqlite/appended-events.ts), which it then is as it stands.
 */
function metadataOf(occurredAt: string, { actorId, correlationId }: CommandContext): EventMetadata {
  const metadata: EventMetadata = { occurredAt };
  if (actorId !== undefined) metadata.actorId = actorId;
  if (correlationId !== undefined) metadata.correlationId = correlationId;
  return metadata;
}
