import {
  ANY,
  AppendStreamState,
  eventTypeFilter,
  excludeSystemEvents,
  Filter,
  jsonEvent,
  JSONType,
  NO_STREAM,
  Position,
  RecordedEvent as EsdbRecordedEvent,
  STREAM_EXISTS,
  streamNameFilter,
} from '@kurrent/kurrentdb-client';
import {
  EventFilter,
  EventMetadata,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
} from '../event-store.port';

/**
 * Translations between the port's values and the client's.
 *
 * Positions. KurrentDB positions are byte offsets in its transaction log: `{commit, prepare}`.
 * An event appended over gRPC is written as an implicitly committed prepare record, so its commit
 * position equals its prepare position and is unique per event (explicit TCP transactions, which
 * share one commit position, are not supported). So the port's single number is `commit`, and it
 * converts back to `{commit: p, prepare: p}`. As numbers they are exact up to 2^53 bytes of log.
 * Because they are offsets, only positions this store returned (or 0) are valid cursors.
 */

/** What servers before 22.6 report as the position of an event read from a stream: "unknown". */
const NO_POSITION = 18446744073709551615n;

export function toStreamState(expected: ExpectedRevision): AppendStreamState {
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

export function toEventData(e: NewEvent) {
  return jsonEvent({ id: e.id, type: e.type, data: e.data as JSONType, metadata: e.metadata });
}

export function toEsdbPosition(position: number): Position {
  return { commit: BigInt(position), prepare: BigInt(position) };
}

/**
 * One server-side filter at most: stream prefixes if given, else event types, else "no system
 * events"; `matchesFilter` applies the rest of the port's filter on this side.
 */
export function toServerFilter(filter?: EventFilter): Filter {
  if (filter?.streamPrefixes?.length)
    return streamNameFilter({ prefixes: [...filter.streamPrefixes] });
  // A prefix match on the type lets through a superset; `matchesFilter` keeps the exact types.
  if (filter?.eventTypes?.length) return eventTypeFilter({ prefixes: [...filter.eventTypes] });
  return excludeSystemEvents();
}

/** System events (`$`-prefixed streams or types) never leave the adapter. */
export function isUserEvent(e: Pick<EsdbRecordedEvent, 'streamId' | 'type'>): boolean {
  return !e.streamId.startsWith('$') && !e.type.startsWith('$');
}

export function positionOf(e: EsdbRecordedEvent, commitPosition?: bigint): number {
  // Stream reads carry positions only from server 22.6 on; before that this is 0 ("unknown").
  const commit = e.position?.commit ?? commitPosition;
  return commit === undefined || commit === NO_POSITION ? 0 : Number(commit);
}

export function toRecorded(e: EsdbRecordedEvent, commitPosition?: bigint): RecordedEvent {
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
