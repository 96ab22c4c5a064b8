import { Query } from '@nestjs/cqrs';
import type { MatchingQueries } from '../../application/matching.queries';

export type MatchDetailView = Awaited<ReturnType<MatchingQueries['match']>>;

export class GetMatchDetail extends Query<MatchDetailView> {
  constructor(
    readonly matchId: string,
    readonly agentId: string,
  ) {
    super();
  }
}
