import { Module } from '@nestjs/common';
import { FeedStreams, LiveFeed } from './application/feed-stream';
import { FeedQueries } from './application/feed.queries';
import { FeedController } from './http/feed.controller';
import { FeedStreamController } from './http/feed-stream.controller';

@Module({
  controllers: [FeedController, FeedStreamController],
  providers: [FeedQueries, LiveFeed, FeedStreams],
  exports: [FeedQueries],
})
export class FeedModule {}
