import type {
  AppendResult,
  ExpectedRevision,
  NewEvent,
  ReadStreamOptions,
  RecordedEvent,
} from './event-store.port';

/**
 * Whether an append whose answer was lost is in the stream: its events, by id, right after the
 * revision it expected. The answer the append would have given when they are, null when they are
 * not (then it did not land, and the same append may be sent again). An append expecting `any` or
 * `stream_exists` names no place to look, so for those this reads the stream's newest events.
 */
export async function appendedAlready(
  readStream: (streamName: string, options: ReadStreamOptions) => Promise<RecordedEvent[]>,
  streamName: string,
  events: readonly Pick<NewEvent, 'id'>[],
  expected: ExpectedRevision,
): Promise<AppendResult | null> {
  const found =
    typeof expected === 'number' || expected === 'no_stream'
      ? await readStream(streamName, {
          fromRevision: expected === 'no_stream' ? 0 : expected + 1,
          maxCount: events.length,
        })
      : (
          await readStream(streamName, { direction: 'backwards', maxCount: events.length })
        ).reverse();
  if (found.length !== events.length || found.some((e, i) => e.id !== events[i].id)) return null;
  const last = found[found.length - 1];
  return { nextRevision: last.revision, position: last.position };
}
