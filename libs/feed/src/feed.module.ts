import { Module } from '@nestjs/common';
import { FeedQueries } from './application/feed.queries';
import { FeedController } from './http/feed.controller';

@Module({
  controllers: [FeedController],
  providers: [FeedQueries],
  exports: [FeedQueries],
})
export class FeedModule {}
