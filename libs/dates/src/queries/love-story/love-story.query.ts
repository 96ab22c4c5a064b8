import { Query } from '@nestjs/cqrs';
import type { LoveStoryQueries } from '../../application/love-stories.queries';

export type LoveStoryView = Awaited<ReturnType<LoveStoryQueries['byId']>>;

/** One love story with the opening of the conversation. */
export class GetLoveStory extends Query<LoveStoryView> {
  constructor(readonly id: string) {
    super();
  }
}
