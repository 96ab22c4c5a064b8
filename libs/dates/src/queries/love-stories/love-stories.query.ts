import { Query } from '@nestjs/cqrs';
import type { LoveStoryQueries } from '../../application/love-stories.queries';

export type LoveStoryPageView = Awaited<ReturnType<LoveStoryQueries['list']>>;

/** Published love stories, newest first, a page of at most `limit` after `cursor`. */
export class GetLoveStories extends Query<LoveStoryPageView> {
  constructor(
    readonly cursor: string | undefined,
    readonly limit: number,
  ) {
    super();
  }
}
