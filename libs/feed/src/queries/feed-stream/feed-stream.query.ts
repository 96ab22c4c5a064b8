import type { ServerResponse } from 'node:http';
import { Query } from '@nestjs/cqrs';
import type { FeedType } from '../../projections/feed.projection';

/**
 * The public feed as Server-Sent Events, written to `res` until the client leaves (the answer
 * resolves once the stream is open and any replay is sent).
 */
export class StreamFeed extends Query<void> {
  constructor(
    readonly res: ServerResponse,
    readonly type: FeedType | undefined,
    /** Resume after this position (the `id` of the last event the client received). */
    readonly lastEventId: number | undefined,
  ) {
    super();
  }
}
