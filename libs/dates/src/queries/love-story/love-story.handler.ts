import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { LoveStoryQueries } from '../../application/love-stories.queries';
import { GetLoveStory, LoveStoryView } from './love-story.query';

@Injectable()
@QueryHandler(GetLoveStory)
export class GetLoveStoryHandler implements IQueryHandler<GetLoveStory, LoveStoryView> {
  constructor(private readonly queries: LoveStoryQueries) {}

  execute({ id }: GetLoveStory): Promise<LoveStoryView> {
    return this.queries.byId(id);
  }
}
