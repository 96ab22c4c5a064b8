/**
 * The event store port. It speaks EventStoreDB's language (architecture §2) so that the
 * EventStoreDB adapter stays a thin translation, and the embedded SQLite adapter offers the same
 * guarantees: optimistic concurrency by expected revision, idempotent appends by event id,
 * monotonic global positions, stream reads both ways, read-all and catch-up subscriptions.
 *
 * Revisions and positions are plain numbers: a stream revision is the 0-based index of an event in
 * its stream; a global position is a positive integer, strictly increasing in log order but not
 * consecutive (EventStoreDB's are byte offsets), so only positions the store returned, or 0, are
 * valid cursors. 0 is "before the first event": a checkpoint of 0 means "nothing applied yet".
 *
 * Idempotency by event id is guaranteed for a retry with the same expected revision; reusing an id
 * for different events is a programming error (the embedded store refuses it, EventStoreDB may not).
 */

export const EVENT_STORE = Symbol('EVENT_STORE');

/** Expected revision before an append, as in EventStoreDB. */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export interface EventMetadata {
  /** ISO-8601 time from the injected clock, never the store's own. */
  occurredAt: string;
  actorId?: string;
  correlationId?: string;
  causationId?: string;
  [key: string]: unknown;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** UUID. Derive it from the command where a client may retry, so the retry is idempotent. */
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<
  Type,
  Data
> {
  streamName: string;
  revision: number;
  position: number;
  /** When the store recorded it (for operators); domain rules use metadata.occurredAt. */
  recordedAt: string;
}

/**
 * What a projection reads of an event (`Projection.apply`): a recorded event without its stream,
 * revision and time recorded. A rebuild asks the store for no more (`EventStore.subscribeProjected`).
 */
export type ProjectedEvent<Type extends string = string, Data = unknown> = Pick<
  RecordedEvent<Type, Data>,
  'id' | 'position' | 'type' | 'data' | 'metadata'
>;

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextRevision: number;
  /** Global position of the last event appended; wait for projections to reach it. */
  position: number;
}

export type Direction = 'forwards' | 'backwards';

export interface ReadStreamOptions {
  direction?: Direction;
  /** Inclusive. Defaults to the start (forwards) or the end (backwards). */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  direction?: Direction;
  /** Inclusive. Forwards defaults to the first event, backwards to the last. */
  fromPosition?: number;
  /** Always bounded: defaults to 1000. */
  maxCount?: number;
  filter?: EventFilter;
}

export interface EventFilter {
  /** Only streams whose name starts with one of these prefixes, e.g. `agent-`. */
  streamPrefixes?: readonly string[];
  /** Only these event types. */
  eventTypes?: readonly string[];
}

export interface SubscribeOptions {
  /** Exclusive: deliver events with a position strictly greater. 0 = from the start. */
  after: number;
  filter?: EventFilter;
}

/**
 * A catch-up subscription: delivers history after `after`, then goes live, in log order. It is read
 * one way: event by event (`for await`), or in batches.
 */
export interface Subscription<E extends ProjectedEvent = RecordedEvent> extends AsyncIterable<E> {
  /**
   * The same events in batches: what is already available (a stretch of history, a burst of
   * appends), up to `max` per batch; a batch ends where the subscription would wait, so a lone live
   * event is delivered at once. Projections apply and commit a batch at a time.
   */
  batches(max: number): AsyncIterable<E[]>;
  close(): Promise<void>;
}

export interface StreamInfo {
  streamName: string;
  lastRevision: number;
  lastPosition: number;
}

export interface EventStore {
  append(
    streamName: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult>;
  /** Events of a stream, or [] when the stream does not exist. */
  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(options: SubscribeOptions): Subscription;
  /**
   * The same subscription, each event as a projection reads it (`ProjectedEvent`). A rebuild reads
   * the whole log: the embedded store then reads five of an event's eight columns
   * (docs/rebuild-speed.md, "What a rebuild reads of an event"). EventStoreDB sends whole events,
   * and its adapter hands them on as they are.
   */
  subscribeProjected(options: SubscribeOptions): Subscription<ProjectedEvent>;
  /** Position of the newest event in the log, 0 when empty. */
  headPosition(): Promise<number>;
  /** Streams by name prefix (operators' tool); bounded by `maxCount`. */
  listStreams(options?: { prefix?: string; maxCount?: number }): Promise<StreamInfo[]>;
  close(): Promise<void>;
}

/** The stream was not at the revision the writer read: re-read, decide again, or report 409. */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`stream ${streamName}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** An event id was reused for a different event: a programming error, never a retry. */
export class DuplicateEventIdError extends Error {
  constructor(readonly eventId: string) {
    super(`event id ${eventId} already belongs to another append`);
    this.name = 'DuplicateEventIdError';
  }
}

/** The store cannot be reached or is closed. */
export class EventStoreUnavailableError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'EventStoreUnavailableError';
  }
}

/**
 * An append failed in a way that leaves its outcome unknown (the connection dropped or the answer
 * timed out after the request left) and retrying it did not settle the question: the events may or
 * may not be in the stream. `appendedAlready` tells, once the store answers again.
 */
export class AppendOutcomeUnknownError extends EventStoreUnavailableError {
  constructor(
    readonly streamName: string,
    cause: unknown,
  ) {
    super(
      `append to ${streamName}: outcome unknown (${cause instanceof Error ? cause.message : String(cause)})`,
      cause,
    );
    this.name = 'AppendOutcomeUnknownError';
  }
}

export function matchesFilter(
  event: Pick<RecordedEvent, 'streamName' | 'type'>,
  filter?: EventFilter,
): boolean {
  if (!filter) return true;
  if (filter.eventTypes && !filter.eventTypes.includes(event.type)) return false;
  if (filter.streamPrefixes && !filter.streamPrefixes.some((p) => event.streamName.startsWith(p)))
    return false;
  return true;
}

/** `{category}-{id}`; the category has no dash, so EventStoreDB's `$by_category` works. */
export function streamName(category: string, id: string): string {
  if (!/^[a-z][a-zA-Z0-9]*$/.test(category))
    throw new Error(`invalid stream category: ${category}`);
  return `${category}-${id}`;
}

export function categoryOf(stream: string): string {
  const dash = stream.indexOf('-');
  return dash < 0 ? stream : stream.slice(0, dash);
}
