import { Inject, Injectable, Logger } from '@nestjs/common';
import { EVENT_STORE, EventStore, NewEvent, WrongExpectedRevisionError } from '@companion/event-store';
import { Decider, DomainEvent, fold } from '../domain';
import { CLOCK, Clock } from '../clock/clock';
import { newId } from '../ids';
import { CONSISTENCY, Consistency } from './consistency';
import { StreamStates } from './stream-states';

export interface CommandContext {
  actorId?: string;
  correlationId?: string;
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
  private readonly states = new StreamStates(REMEMBERED_STREAMS);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONSISTENCY) private readonly consistency: Consistency,
  ) {}

  async handle<State, Command, Event extends DomainEvent>(
    streamName: string,
    decider: Decider<State, Command, Event>,
    command: Command,
    context: CommandContext = {},
  ): Promise<CommandResult<State, Event>> {
    for (let attempt = 1; ; attempt++) {
      const known = this.states.get<State>(decider, streamName);
      const tail = await this.store.readStream(streamName, known ? { fromRevision: known.revision + 1 } : {});
      const state = fold(decider, tail.map((e) => ({ type: e.type, data: e.data }) as Event), known?.state);
      const revision = tail.length > 0 ? tail[tail.length - 1].revision : (known?.revision ?? -1);
      if (tail.length > 0 || !known) this.states.remember(decider, streamName, { state, revision });
      const events = decider.decide(command, state);
      if (events.length === 0) return { state, events, position: null, occurredAt: null };
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
          this.logger.warn(`read models did not reach position ${result.position} in time; answering anyway`);
        }
        return { state: next, events, position: result.position, occurredAt };
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
    }
  }
}
