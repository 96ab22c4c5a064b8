import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  EVENT_STORE,
  EventStore,
  NewEvent,
  WrongExpectedRevisionError,
} from '@companion/event-store';
import { Decider, DomainEvent, fold } from '../domain';
import { CLOCK, Clock } from '../clock/clock';
import { AppConfig, CONFIG } from '../config/config';
import { newId } from '../ids';
import { CONSISTENCY, Consistency } from './consistency';
import { StreamState, StreamStates } from './stream-states';

export interface CommandContext {
  actorId?: string;
  correlationId?: string;
}

export interface HandleOptions {
  /**
   * The stream is usually new when nothing of it is remembered (a pair's first swipe): decide on
   * the initial state and append expecting no stream, instead of reading first. An existing stream
   * makes the append fail (or a refusal is re-checked) and the next attempt reads it, so a wrong
   * guess costs one round trip and never a wrong decision.
   */
  likelyNew?: boolean;
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
}

const MAX_ATTEMPTS = 5;

/** Streams whose folded state is kept between commands. */
const REMEMBERED_STREAMS = 100_000;

/**
 * The command-handling loop (read → decide → append with the revision read → retry on a
 * conflict; the read is only the stream's tail after the state remembered from the last command),
 * then read-your-writes: the result is returned once the read models have applied the
 * new events, or after the consistency timeout — a committed write is never reported as failed.
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
    options: HandleOptions = {},
  ): Promise<CommandResult<State, Event>> {
    for (let attempt = 1; ; attempt++) {
      // A remembered state is decided on without reading: if the stream moved on meanwhile (another
      // process appended), the append's expected revision fails and the next attempt reads the tail.
      const remembered = attempt === 1 ? this.states.get<State>(decider, streamName) : undefined;
      const known =
        remembered ??
        (attempt === 1 && options.likelyNew
          ? { state: decider.initialState(), revision: -1 }
          : undefined);
      const { state, revision } = known ?? (await this.catchUp(streamName, decider));
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
        return { state, events, position: null, occurredAt: null };
      }
      const expected = revision < 0 ? 'no_stream' : revision;
      const occurredAt = this.clock.now().toISOString();
      const newEvents: NewEvent[] = events.map((e) => ({
        id: newId(),
        type: e.type,
        data: e.data,
        metadata: { occurredAt, actorId: context.actorId, correlationId: context.correlationId },
      }));
      // Before the append: an evolve that fails (on a frozen state it tried to change) writes nothing.
      const next = events.reduce(decider.evolve, state);
      try {
        const result = await this.store.append(streamName, newEvents, expected);
        this.states.remember(decider, streamName, { state: next, revision: result.nextRevision });
        if (!(await this.consistency.waitFor(result.position))) {
          this.logger.warn(
            `read models did not reach position ${result.position} in time; answering anyway`,
          );
        }
        return { state: next, events, position: result.position, occurredAt };
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  /** Folds the events after the remembered state (all of them when none is remembered). */
  private async catchUp<State, Event extends DomainEvent>(
    streamName: string,
    decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  ): Promise<StreamState<State>> {
    const known = this.states.get<State>(decider, streamName);
    const tail = await this.store.readStream(
      streamName,
      known ? { fromRevision: known.revision + 1 } : {},
    );
    if (known && tail.length === 0) return known;
    const state = fold(
      decider,
      tail.map((e) => ({ type: e.type, data: e.data }) as Event),
      known?.state,
    );
    const entry = { state, revision: tail.length > 0 ? tail[tail.length - 1].revision : -1 };
    this.states.remember(decider, streamName, entry);
    return entry;
  }

  private async moved(streamName: string, revision: number): Promise<boolean> {
    return (
      (await this.store.readStream(streamName, { fromRevision: revision + 1, maxCount: 1 }))
        .length > 0
    );
  }
}
