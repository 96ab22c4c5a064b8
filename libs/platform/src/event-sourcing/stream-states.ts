import { BoundedCache, deepFreeze } from '@companion/caching';

export interface StreamState<State> {
  state: State;
  /** Revision of the last event folded into `state`; -1 for a stream with no events. */
  revision: number;
}

/**
 * The last state each stream was folded to, per decider (a match stream holds the match's and the
 * guided dates' events), most recently used kept. A command reads only the stream's events after
 * the remembered revision: a long conversation is not folded again for every message, and an
 * append by another process is still seen, because the tail is always read and the append expects
 * the revision it was decided on. Concurrent commands share the states, so an `evolve` never
 * changes its input; with `freeze` (tests) they are frozen, so one that does throws.
 */
export class StreamStates {
  /** Per decider, by stream name. */
  private readonly entries: BoundedCache<object, string, StreamState<unknown>>;

  constructor(
    capacity: number,
    private readonly freeze: boolean,
  ) {
    this.entries = new BoundedCache(capacity);
  }

  get<State>(decider: object, streamName: string): StreamState<State> | undefined {
    return this.entries.get(decider, streamName) as StreamState<State> | undefined;
  }

  /**
   * `shared` false: a state its caller keeps (`HandleOptions.known`), only frozen like the shared
   * ones, so that an `evolve` that changes its input throws in tests there too.
   */
  remember<State>(
    decider: object,
    streamName: string,
    entry: StreamState<State>,
    shared = true,
  ): void {
    if (!shared) {
      if (this.freeze) deepFreeze(entry.state);
      return;
    }
    const known = this.entries.get(decider, streamName);
    // Two commands on one stream can finish out of order: keep the later revision.
    if (known && known.revision > entry.revision) return;
    this.entries.set(decider, streamName, {
      state: this.freeze ? deepFreeze(entry.state) : entry.state,
      revision: entry.revision,
    });
  }
}
