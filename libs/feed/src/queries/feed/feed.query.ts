import { Query } from '@nestjs/cqrs';
import type { FeedQueries } from '../../application/feed.queries';
import type { FeedType } from '../../projections/feed.projection';

export type FeedPageView = Awaited<ReturnType<FeedQueries['page']>>;

export class GetFeed extends Query<FeedPageView> {
  constructor(
    readonly cursor: string | undefined,
    readonly limit: number,
    readonly type: FeedType | undefined,
  ) {
    super();
  }
}
