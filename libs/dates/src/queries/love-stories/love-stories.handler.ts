import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { LoveStoryQueries } from '../../application/love-stories.queries';
import { GetLoveStories, LoveStoryPageView } from './love-stories.query';

@Injectable()
@QueryHandler(GetLoveStories)
export class GetLoveStoriesHandler implements IQueryHandler<GetLoveStories, LoveStoryPageView> {
  constructor(private readonly queries: LoveStoryQueries) {}

  execute({ cursor, limit }: GetLoveStories): Promise<LoveStoryPageView> {
    return this.queries.list({ cursor, limit });
  }
}
