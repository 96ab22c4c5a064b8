import { Module } from '@nestjs/common';
import { LoveStoryQueries } from './application/love-stories.queries';
import { LoveStoriesController } from './http/love-stories.controller';

@Module({
  controllers: [LoveStoriesController],
  providers: [LoveStoryQueries],
})
export class DatesModule {}
