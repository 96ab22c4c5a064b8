import {
  AccessDeniedError,
  AllStreamRecordedEvent,
  AllStreamSubscription,
  ANY,
  AppendExpectedRevision,
  BACKWARDS,
  CancelledError,
  convertToCommandError,
  DeadlineExceededError,
  END,
  EventStoreDBClient,
  eventTypeFilter,
  excludeSystemEvents,
  Filter,
  FORWARDS,
  jsonEvent,
  JSONType,
  NO_STREAM,
  NotLeaderError,
  Position,
  ReadPosition,
  RecordedEvent as EsdbRecordedEvent,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  streamNameFilter,
  STREAMS_STREAM,
  TimeoutError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { batchEvents, oneWay } from '../batch-events';
import {
  AppendResult,
  EventFilter,
  EventMetadata,
  EventStore,
  EventStoreUnavailableError,
  ExpectedRevision,
  matchesFilter,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamInfo,
  SubscribeOptions,
  Subscription,
  WrongExpectedRevisionError,
} from '../event-store.port';

const DEFAULT_READ_ALL = 1000;
const PAGE = 512;
const MAX_BACKOFF_MS = 5000;
/** What servers before 22.6 report as the position of an event read from a stream: "unknown". */
const NO_POSITION = 18446744073709551615n;

/**
 * The production event store: EventStoreDB (or KurrentDB) over gRPC via `@eventstore/db-client` v6.
 * A translation only; every behaviour the app relies on lives above the port.
 *
 * Positions. EventStoreDB positions are byte offsets in its transaction log: `{commit, prepare}`.
 * An event appended over gRPC is written as an implicitly committed prepare record, so its commit
 * position equals its prepare position and is unique per event (explicit TCP transactions, which
 * share one commit position, are not supported). So the port's single number is `commit`, and it
 * converts back to `{commit: p, prepare: p}`. An append's result carries the commit position of its
 * last event. As numbers they are exact up to 2^53 bytes of log.
 * Because they are offsets, only positions this store returned (or 0) are valid cursors: reading
 * or subscribing from any other number is refused by the server or silently delivers nothing.
 *
 * Reading `$all` needs a user allowed to read it (by default, an admin): put credentials in the
 * connection string. System events (`$`-prefixed streams or types) never leave this adapter.
 */
export class EsdbEventStore implements EventStore {
  private closed = false;
  private readonly subscriptions = new Set<Subscription>();

  constructor(private readonly client: EventStoreDBClient) {}

  /** `esdb://admin:changeit@localhost:2113?tls=false`; the client connects lazily, on first use. */
  static connect(connectionString: string): EsdbEventStore {
    return new EsdbEventStore(EventStoreDBClient.connectionString(connectionString));
  }

  async append(
    streamName: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    this.assertOpen();
    if (events.length === 0) throw new Error('append needs at least one event');
    try {
      const result = await this.client.appendToStream(
        streamName,
        events.map((e) =>
          jsonEvent({ id: e.id, type: e.type, data: e.data as JSONType, metadata: e.metadata }),
        ),
        { expectedRevision: toEsdbRevision(expectedRevision) },
      );
      // Some server versions answer a retried (idempotent) append without a position: look it up.
      const position = result.position
        ? Number(result.position.commit)
        : await this.positionAt(streamName, result.nextExpectedRevision);
      return { nextRevision: Number(result.nextExpectedRevision), position };
    } catch (error) {
      // An unavailable or timed-out append may still have been written: the caller retries with the
      // same event ids and expected revision, which the server recognises as the same append.
      throw translate(error, streamName, expectedRevision);
    }
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    const backwards = options.direction === 'backwards';
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamName, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision:
          options.fromRevision !== undefined
            ? BigInt(options.fromRevision)
            : backwards
              ? END
              : START,
        maxCount: options.maxCount,
      })) {
        if (resolved.event) out.push(toRecorded(resolved.event, resolved.commitPosition));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw translate(error);
    }
    return out;
  }

  /**
   * Client v6 cannot filter a read of `$all` on the server (only subscriptions can), so this reads
   * pages and filters them here, until it has `maxCount` events or reaches the end of the log.
   */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const max = options.maxCount ?? DEFAULT_READ_ALL;
    const backwards = options.direction === 'backwards';
    const out: RecordedEvent[] = [];
    if (max <= 0) return out;
    const take = (e: AllStreamRecordedEvent): boolean => {
      if (isUserEvent(e) && matchesFilter({ streamName: e.streamId, type: e.type }, options.filter))
        out.push(toRecorded(e));
      return out.length < max;
    };
    try {
      const from: ReadPosition =
        options.fromPosition !== undefined
          ? toEsdbPosition(options.fromPosition)
          : backwards
            ? END
            : START;
      if (backwards && options.fromPosition !== undefined) {
        // The server reads backwards from a post-position, so the event *at* `from` would be left
        // out; the port's `fromPosition` is inclusive, so fetch that one event first.
        const [at] = await this.readAllPage(FORWARDS, from, 1);
        if (at && Number(at.position.commit) === options.fromPosition && !take(at)) return out;
      }
      for await (const e of this.scanAll(backwards, from)) if (!take(e)) break;
    } catch (error) {
      throw translate(error);
    }
    return out;
  }

  /**
   * A catch-up subscription that survives disconnects: the client does not resubscribe by itself,
   * so on a dropped connection this resubscribes from the last position it delivered, with
   * exponential backoff (at most 5 s). One server-side filter at most: stream prefixes if given,
   * else event types, else "no system events"; the rest of the filter is applied here.
   */
  subscribeToAll(options: SubscribeOptions): Subscription {
    const store = this;
    const filter = toServerFilter(options.filter);
    let closed = false;
    let current: AllStreamSubscription | undefined;
    let wake: (() => void) | undefined;

    async function* iterate(): AsyncGenerator<RecordedEvent> {
      let after = options.after;
      let failures = 0;
      try {
        while (!closed && !store.closed) {
          let sub: AllStreamSubscription | undefined;
          try {
            // Subscription positions are exclusive, as the port's `after` is.
            sub = store.client.subscribeToAll({
              fromPosition: after > 0 ? toEsdbPosition(after) : START,
              filter,
            });
            current = sub;
            // Errors reach this loop through the iterator; this listener only keeps one that comes
            // after the loop has let go of the stream from crashing the process.
            sub.on('error', () => undefined);
            sub.once('confirmation', () => (failures = 0));
            for await (const resolved of sub) {
              const e = resolved.event;
              if (!e) continue;
              after = Number(e.position.commit);
              if (
                isUserEvent(e) &&
                matchesFilter({ streamName: e.streamId, type: e.type }, options.filter)
              ) {
                yield toRecorded(e);
              }
            }
          } catch (error) {
            if (closed || store.closed) return;
            if (!isUnavailable(error)) throw translate(error);
          } finally {
            current = undefined;
            await sub?.unsubscribe().catch(() => undefined);
          }
          if (closed || store.closed) return;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Math.min(MAX_BACKOFF_MS, 100 * 2 ** failures++));
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = undefined;
        }
      } finally {
        store.subscriptions.delete(subscription);
      }
    }

    const subscription: Subscription = oneWay(
      iterate,
      (max) => batchEvents({ [Symbol.asyncIterator]: iterate }, max),
      async () => {
        closed = true;
        wake?.();
        if (current) {
          // Ending the server stream ends a pending read of the loop; destroying the readable makes
          // sure it does not wait for that.
          const unsubscribed = current.unsubscribe().catch(() => undefined);
          current.destroy();
          await unsubscribed;
        }
        store.subscriptions.delete(subscription);
      },
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<number> {
    const [last] = await this.readAll({ direction: 'backwards', maxCount: 1 });
    return last?.position ?? 0;
  }

  /**
   * EventStoreDB has no cheap way to list streams. Best effort, bounded by `maxCount`:
   * first the streams written most recently (the last `maxCount * 10` records of `$all`, where the
   * first event met per stream is its head); then, if the `$streams` system projection runs (the
   * server started with system projections) and the user may read it, older streams from its newest
   * `maxCount * 10` links, each followed by one read of its last event. `$streams` is updated
   * asynchronously, which is why the recent scan comes first.
   */
  async listStreams(options: { prefix?: string; maxCount?: number } = {}): Promise<StreamInfo[]> {
    this.assertOpen();
    const prefix = options.prefix ?? '';
    const max = options.maxCount ?? DEFAULT_READ_ALL;
    const window = max * 10;
    const found = new Map<string, StreamInfo>();
    try {
      for await (const e of this.scanAll(true, END, window)) {
        if (found.size >= max) break;
        if (!isUserEvent(e) || !e.streamId.startsWith(prefix) || found.has(e.streamId)) continue;
        found.set(e.streamId, {
          streamName: e.streamId,
          lastRevision: Number(e.revision),
          lastPosition: Number(e.position.commit),
        });
      }
      for (const name of await this.namesFromStreamsProjection(prefix, window)) {
        if (found.size >= max) break;
        if (found.has(name)) continue;
        const [head] = await this.readStream(name, { direction: 'backwards', maxCount: 1 });
        if (head)
          found.set(name, {
            streamName: name,
            lastRevision: head.revision,
            lastPosition: head.position,
          });
      }
    } catch (error) {
      throw translate(error);
    }
    return [...found.values()].sort((a, b) =>
      a.streamName < b.streamName ? -1 : a.streamName > b.streamName ? 1 : 0,
    );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.client.dispose();
  }

  /** Events of `$all` one page at a time, from `from` on, at most `limit` records (system ones included). */
  private async *scanAll(
    backwards: boolean,
    from: ReadPosition,
    limit = Infinity,
  ): AsyncGenerator<AllStreamRecordedEvent> {
    let cursor = from;
    let last: Position | undefined;
    let scanned = 0;
    while (scanned < limit) {
      const page = await this.readAllPage(backwards ? BACKWARDS : FORWARDS, cursor, PAGE);
      for (const e of page) {
        // A forwards read includes the event at its start position: the previous page's last.
        if (!backwards && last !== undefined && e.position.commit <= last.commit) continue;
        last = e.position;
        scanned += 1;
        yield e;
        if (scanned >= limit) return;
      }
      if (page.length < PAGE || !last) return;
      cursor = last;
    }
  }

  /** Reads one page to the end: leaving a read early would leave its server stream open. */
  private async readAllPage(
    direction: typeof FORWARDS | typeof BACKWARDS,
    fromPosition: ReadPosition,
    maxCount: number,
  ): Promise<AllStreamRecordedEvent[]> {
    const page: AllStreamRecordedEvent[] = [];
    for await (const resolved of this.client.readAll({ direction, fromPosition, maxCount })) {
      if (resolved.event) page.push(resolved.event);
    }
    return page;
  }

  private async positionAt(streamName: string, revision: bigint): Promise<number> {
    let position = 0;
    // Read to the end, never `return` from inside: that would leave the server stream open and
    // make `client.dispose()` wait for it forever.
    for await (const resolved of this.client.readStream(streamName, {
      fromRevision: revision,
      maxCount: 1,
    })) {
      if (resolved.event) position = positionOf(resolved.event, resolved.commitPosition);
    }
    return position;
  }

  /** `$streams` holds one link (`$>`, data `0@{stream}`) to the first event of every stream. */
  private async namesFromStreamsProjection(prefix: string, maxCount: number): Promise<string[]> {
    const names: string[] = [];
    try {
      for await (const resolved of this.client.readStream(STREAMS_STREAM, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount,
      })) {
        const data = resolved.event?.data;
        const link =
          typeof data === 'string'
            ? data
            : data instanceof Uint8Array
              ? Buffer.from(data).toString('utf8')
              : '';
        const name = link.slice(link.indexOf('@') + 1);
        if (name && !name.startsWith('$') && name.startsWith(prefix)) names.push(name);
      }
    } catch (error) {
      // Projections not running, or a user without access to system streams: recent streams only.
      if (error instanceof StreamNotFoundError || error instanceof AccessDeniedError) return names;
      throw error;
    }
    return names;
  }

  private assertOpen(): void {
    if (this.closed) throw new EventStoreUnavailableError('event store is closed');
  }
}

function toEsdbRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      return BigInt(expected);
  }
}

function toEsdbPosition(position: number): Position {
  return { commit: BigInt(position), prepare: BigInt(position) };
}

function toServerFilter(filter?: EventFilter): Filter {
  if (filter?.streamPrefixes?.length)
    return streamNameFilter({ prefixes: [...filter.streamPrefixes] });
  // A prefix match on the type lets through a superset; `matchesFilter` keeps the exact types.
  if (filter?.eventTypes?.length) return eventTypeFilter({ prefixes: [...filter.eventTypes] });
  return excludeSystemEvents();
}

function isUserEvent(e: Pick<EsdbRecordedEvent, 'streamId' | 'type'>): boolean {
  return !e.streamId.startsWith('$') && !e.type.startsWith('$');
}

function positionOf(e: EsdbRecordedEvent, commitPosition?: bigint): number {
  // Stream reads carry positions only from server 22.6 on; before that this is 0 ("unknown").
  const commit = e.position?.commit ?? commitPosition;
  return commit === undefined || commit === NO_POSITION ? 0 : Number(commit);
}

function toRecorded(e: EsdbRecordedEvent, commitPosition?: bigint): RecordedEvent {
  return {
    id: e.id,
    type: e.type,
    data: e.data,
    metadata: e.metadata as EventMetadata,
    streamName: e.streamId,
    revision: Number(e.revision),
    position: positionOf(e, commitPosition),
    recordedAt: e.created.toISOString(),
  };
}

function toCommandError(error: unknown): unknown {
  try {
    return error instanceof Error ? convertToCommandError(error) : error;
  } catch {
    return error; // not a gRPC error after all
  }
}

/**
 * Transient: the server or the network, not the request. The client reconnects on the next call.
 * Some calls (appends among them) reject with the raw gRPC error, hence the conversion.
 */
function isUnavailable(error: unknown): boolean {
  const e = toCommandError(error);
  return (
    e instanceof UnavailableError ||
    e instanceof CancelledError ||
    e instanceof DeadlineExceededError ||
    e instanceof TimeoutError ||
    e instanceof NotLeaderError ||
    (e instanceof Error && e.message.startsWith('Failed to discover'))
  );
}

function translate(error: unknown, streamName?: string, expected?: ExpectedRevision): unknown {
  const e = toCommandError(error);
  if (
    e instanceof WrongExpectedVersionError &&
    streamName !== undefined &&
    expected !== undefined
  ) {
    const actual = e.actualVersion;
    return new WrongExpectedRevisionError(
      streamName,
      expected,
      actual === NO_STREAM ? 'no_stream' : Number(actual),
    );
  }
  if (isUnavailable(e))
    return new EventStoreUnavailableError(`EventStoreDB unavailable: ${(e as Error).message}`, e);
  return e;
}
