import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { FeedQueries } from './application/feed.queries';
import { FeedController } from './queries/feed/feed.controller';
import { GetFeedHandler } from './queries/feed/feed.handler';
import { FeedStreamController } from './queries/feed-stream/feed-stream.controller';
import { StreamFeedHandler } from './queries/feed-stream/feed-stream.handler';
import { FeedStreams, LiveFeed } from './queries/feed-stream/feed-streams';

@Module({
  imports: [CqrsModule],
  controllers: [FeedController, FeedStreamController],
  providers: [FeedQueries, LiveFeed, FeedStreams, GetFeedHandler, StreamFeedHandler],
  exports: [FeedQueries],
})
export class FeedModule {}
