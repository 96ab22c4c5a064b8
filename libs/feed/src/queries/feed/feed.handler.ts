import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FeedQueries } from '../../application/feed.queries';
import { FeedPageView, GetFeed } from './feed.query';

@Injectable()
@QueryHandler(GetFeed)
export class GetFeedHandler implements IQueryHandler<GetFeed> {
  constructor(private readonly queries: FeedQueries) {}

  execute({ cursor, limit, type }: GetFeed): Promise<FeedPageView> {
    return this.queries.page({ cursor, limit, type });
  }
}
