import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AllStreamResolvedEvent,
  AllStreamRecordedEvent,
  AppendStreamState,
  BACKWARDS,
  EventData,
  ReadPosition,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import type { EsdbClient } from '../esdb/esdb-client';

/** Where a fault strikes an append: before the server writes it, or after (its answer is lost). */
export type AppendFault = { when: 'before' | 'after'; error: Error };

/**
 * A stand-in for `@kurrent/kurrentdb-client`'s `KurrentDBClient`, for fault tests of the adapter
 * only (never a store to test the app on): an in-memory log that answers as the server does where
 * the adapter relies on it (expected revisions, an append recognised by its event ids at the
 * expected revision, exclusive subscription cursors, system events in `$all`), and throws the
 * client's own error classes where a test asks it to.
 */
export class KurrentDbStandIn implements EsdbClient {
  readonly log: AllStreamRecordedEvent[] = [];
  /** Faults for the next appends, in order; `undefined` lets one through. */
  readonly appendFaults: (AppendFault | undefined)[] = [];
  /** Every append request received, as event ids (a retry shows up as the same ids again). */
  readonly appendRequests: string[][] = [];
  /** A fault for the subscriptions opened from now on: fail after delivering `after` events. */
  subscriptionFaults: { after: number; error: Error }[] = [];
  /** Resend the event at the cursor on resubscription, as some servers may. */
  resendAtCursor = false;
  readonly subscriptionsOpened: { fromPosition: ReadPosition; highWaterMark?: number }[] = [];
  private readonly live = new Set<(e: AllStreamRecordedEvent) => void>();

  async appendToStream(
    streamName: string,
    events: EventData | EventData[],
    options: { streamState?: AppendStreamState } = {},
  ) {
    const list = Array.isArray(events) ? events : [events];
    this.appendRequests.push(list.map((e) => e.id));
    const fault = this.appendFaults.shift();
    if (fault?.when === 'before') throw fault.error;
    const result = this.write(streamName, list, options.streamState ?? 'any');
    if (fault?.when === 'after') throw fault.error;
    return result;
  }

  /** A system record, as the server writes them between user events. */
  writeSystemEvent(): void {
    this.write(
      '$stats-127.0.0.1:2113',
      [
        {
          id: randomUUID(),
          type: '$statsCollected',
          data: {},
          metadata: undefined,
          contentType: 'application/json',
        } as unknown as EventData,
      ],
      'any',
    );
  }

  readStream(
    streamName: string,
    options: {
      direction?: string;
      fromRevision?: bigint | string;
      maxCount?: number | bigint;
    } = {},
  ) {
    const events = this.log.filter((e) => e.streamId === streamName);
    const backwards = options.direction === BACKWARDS;
    return (async function* () {
      if (events.length === 0) throw new StreamNotFoundError(undefined, streamName);
      const from = typeof options.fromRevision === 'bigint' ? options.fromRevision : undefined;
      let picked = backwards
        ? events.filter((e) => from === undefined || e.revision <= from).reverse()
        : events.filter((e) => from === undefined || e.revision >= from);
      picked = picked.slice(0, Number(options.maxCount ?? Infinity));
      for (const event of picked) yield { event, commitPosition: event.position.commit };
    })() as never;
  }

  readAll(
    options: { direction?: string; fromPosition?: ReadPosition; maxCount?: number | bigint } = {},
  ) {
    const backwards = options.direction === BACKWARDS;
    const from = typeof options.fromPosition === 'object' ? options.fromPosition.commit : undefined;
    let picked = backwards
      ? this.log.filter((e) => from === undefined || e.position.commit < from).reverse()
      : this.log.filter((e) => from === undefined || e.position.commit >= from);
    picked = picked.slice(0, Number(options.maxCount ?? Infinity));
    return (async function* () {
      for (const event of picked) yield { event } as AllStreamResolvedEvent;
    })() as never;
  }

  subscribeToAll(
    options: { fromPosition?: ReadPosition } = {},
    readableOptions: { highWaterMark?: number } = {},
  ) {
    const fromPosition = options.fromPosition ?? 'start';
    this.subscriptionsOpened.push({ fromPosition, highWaterMark: readableOptions.highWaterMark });
    const fault = this.subscriptionFaults.shift();
    const cursor = typeof fromPosition === 'object' ? fromPosition.commit : -1n;
    const stream = new Readable({ objectMode: true, read() {} }) as Readable & {
      unsubscribe(): Promise<void>;
    };
    let delivered = 0;
    const deliver = (event: AllStreamRecordedEvent) => {
      if (stream.destroyed) return;
      if (fault && delivered >= fault.after) {
        this.live.delete(deliver);
        stream.destroy(fault.error);
        return;
      }
      delivered += 1;
      stream.push({ event } satisfies AllStreamResolvedEvent);
    };
    const unsubscribe = async () => {
      this.live.delete(deliver);
      if (!stream.destroyed) stream.push(null);
    };
    stream.unsubscribe = unsubscribe;
    // Like the client, history is delivered after the call returns.
    setImmediate(() => {
      for (const event of this.log)
        if (
          event.position.commit > cursor ||
          (this.resendAtCursor && event.position.commit === cursor)
        )
          deliver(event);
      if (!stream.destroyed) this.live.add(deliver);
      if (fault && delivered >= fault.after && !stream.destroyed) {
        this.live.delete(deliver);
        stream.destroy(fault.error);
      }
    });
    return stream as never;
  }

  async dispose(): Promise<void> {
    this.live.clear();
  }

  private write(streamName: string, events: EventData[], state: AppendStreamState) {
    const stream = this.log.filter((e) => e.streamId === streamName);
    const current = stream.length ? BigInt(stream.length - 1) : 'no_stream';
    // The server recognises a retried append by its event ids at the revision it expected.
    if (state === 'no_stream' || typeof state === 'bigint') {
      const start = state === 'no_stream' ? 0 : Number(state) + 1;
      const at = stream.slice(start, start + events.length);
      if (at.length === events.length && at.every((e, i) => e.id === events[i].id)) {
        const last = at[at.length - 1];
        return { success: true, nextExpectedRevision: last.revision, position: last.position };
      }
    }
    const ok =
      state === 'any' ||
      (state === 'no_stream' && current === 'no_stream') ||
      (state === 'stream_exists' && current !== 'no_stream') ||
      state === current;
    if (!ok)
      throw new WrongExpectedVersionError(undefined, {
        streamName,
        expected: state,
        current,
      });
    let last!: AllStreamRecordedEvent;
    for (const [i, e] of events.entries()) {
      const commit = BigInt((this.log.length + 1) * 100);
      last = {
        streamId: streamName,
        id: e.id,
        isJson: true,
        revision: BigInt(stream.length + i),
        type: e.type,
        created: new Date('2026-11-21T12:00:00Z'),
        data: e.data,
        metadata: e.metadata,
        position: { commit, prepare: commit },
      } as AllStreamRecordedEvent;
      this.log.push(last);
    }
    const appended = this.log.slice(-events.length);
    for (const listener of [...this.live]) for (const e of appended) listener(e);
    return { success: true, nextExpectedRevision: last.revision, position: last.position };
  }
}
