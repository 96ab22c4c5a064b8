import {
  AccessDeniedError,
  BACKWARDS,
  END,
  STREAMS_STREAM,
  StreamNotFoundError,
} from '@kurrent/kurrentdb-client';
import { StreamInfo } from '../event-store.port';
import type { EsdbClient } from './esdb-client';
import { translate } from './esdb-errors';
import { isUserEvent } from './esdb-events';
import type { EsdbReads } from './esdb-reads';

const DEFAULT_MAX = 1000;

/**
 * Stream listing for operators (`cli streams`). KurrentDB has no cheap way to list streams, so
 * this is best effort, bounded by `maxCount`, and needs no system projection: first the streams
 * written most recently, from the last `maxCount * 10` records of `$all` (the first record met per
 * stream, reading backwards, is its head). Only if the `$streams` system projection happens to run
 * (the server started with system projections on) and the user may read it are older streams added
 * from its newest `maxCount * 10` links, each followed by one read of its last event.
 */
export class EsdbStreamListing {
  constructor(
    private readonly client: EsdbClient,
    private readonly reads: EsdbReads,
  ) {}

  async listStreams(options: { prefix?: string; maxCount?: number } = {}): Promise<StreamInfo[]> {
    const prefix = options.prefix ?? '';
    const max = options.maxCount ?? DEFAULT_MAX;
    const window = max * 10;
    const found = new Map<string, StreamInfo>();
    try {
      for await (const e of this.reads.scanAll(true, END, window)) {
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
        const [head] = await this.reads.readStream(name, { direction: 'backwards', maxCount: 1 });
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
      // Projections off (the default), or a user without access to system streams.
      if (error instanceof StreamNotFoundError || error instanceof AccessDeniedError) return names;
      throw error;
    }
    return names;
  }
}
