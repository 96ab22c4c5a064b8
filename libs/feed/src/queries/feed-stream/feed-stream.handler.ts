import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FeedStreams } from './feed-streams';
import { StreamFeed } from './feed-stream.query';

@Injectable()
@QueryHandler(StreamFeed)
export class StreamFeedHandler implements IQueryHandler<StreamFeed> {
  constructor(private readonly streams: FeedStreams) {}

  /** Never throws: the response is already the client's stream (FeedStreams.serve). */
  execute({ res, type, lastEventId }: StreamFeed): Promise<void> {
    return this.streams.serve(res, { type, lastEventId });
  }
}
