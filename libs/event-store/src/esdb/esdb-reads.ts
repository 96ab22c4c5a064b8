import {
  AllStreamRecordedEvent,
  BACKWARDS,
  END,
  FORWARDS,
  Position,
  ReadPosition,
  START,
  StreamNotFoundError,
} from '@kurrent/kurrentdb-client';
import {
  matchesFilter,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
} from '../event-store.port';
import type { EsdbClient } from './esdb-client';
import { translate } from './esdb-errors';
import { isUserEvent, positionOf, toEsdbPosition, toRecorded } from './esdb-events';

const DEFAULT_READ_ALL = 1000;
const PAGE = 512;

/**
 * Reads of one stream and of `$all`. Every read is read to its end, never left from inside the
 * loop: that would leave its server stream open, and `client.dispose()` would wait for it forever.
 */
export class EsdbReads {
  constructor(private readonly client: EsdbClient) {}

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
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
   * Reads pages of `$all` and filters them here, until it has `maxCount` events or reaches the end
   * of the log. (The client can filter a read of `$all` on the server, but how a filtered read
   * counts `maxCount` differs across server versions; pages of everything behave the same on all.)
   */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
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
   * The newest user event's position, from one event in the usual case (`/api/health` asks on
   * every call); only when the newest record is a system one does it scan back for a user event.
   */
  async headPosition(): Promise<number> {
    try {
      const [last] = await this.readAllPage(BACKWARDS, END, 1);
      if (!last) return 0;
      if (isUserEvent(last)) return Number(last.position.commit);
    } catch (error) {
      throw translate(error);
    }
    const [user] = await this.readAll({ direction: 'backwards', maxCount: 1 });
    return user?.position ?? 0;
  }

  /** The position of the event at `revision` of a stream, 0 when the server does not say. */
  async positionAt(streamName: string, revision: bigint): Promise<number> {
    let position = 0;
    for await (const resolved of this.client.readStream(streamName, {
      fromRevision: revision,
      maxCount: 1,
    })) {
      if (resolved.event) position = positionOf(resolved.event, resolved.commitPosition);
    }
    return position;
  }

  /** Records of `$all` one page at a time, from `from` on, at most `limit` (system ones included). */
  async *scanAll(
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
}
