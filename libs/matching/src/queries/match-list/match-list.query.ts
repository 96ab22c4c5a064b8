import { Query } from '@nestjs/cqrs';
import type { MatchingQueries } from '../../application/matching.queries';

export interface MatchListView {
  matches: Awaited<ReturnType<MatchingQueries['matches']>>;
}

export class GetMatchList extends Query<MatchListView> {
  constructor(readonly agentId: string) {
    super();
  }
}
