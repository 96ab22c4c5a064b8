import { Query } from '@nestjs/cqrs';
import type { GuidedDateQueries } from '../../application/guided-dates.queries';

export type KeepsakePageView = Awaited<ReturnType<GuidedDateQueries['keepsakes']>>;

/** Public keepsakes, newest first, a page of at most `limit` after `cursor`. */
export class GetKeepsakes extends Query<KeepsakePageView> {
  constructor(
    readonly cursor: string | undefined,
    readonly limit: number,
  ) {
    super();
  }
}
