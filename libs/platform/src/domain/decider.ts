/** An event as the domain sees it: a fact with a past-tense type and its data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/**
 * One stream's rules as two pure functions (emmett's decider): `evolve` folds the stream's events
 * into state; `decide` answers a command with new events, or throws a DomainError.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

/** A stream may hold events of several deciders: each `evolve` must return the state unchanged for events it does not know. */
export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
  from: State = decider.initialState(),
): State {
  return events.reduce((state, event) => {
    const next = decider.evolve(state, event);
    if (next === undefined) throw new Error(`evolve returned no state for a ${event.type} event`);
    return next;
  }, from);
}
