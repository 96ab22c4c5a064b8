import { Query } from '@nestjs/cqrs';
import type { MatchingQueries } from '../../application/matching.queries';

export type LeaderboardSort = 'likesReceived' | 'matchCount';

export interface LeaderboardView {
  sortBy: LeaderboardSort;
  entries: Awaited<ReturnType<MatchingQueries['leaderboard']>>;
}

export class GetLeaderboard extends Query<LeaderboardView> {
  constructor(
    readonly sortBy: LeaderboardSort,
    readonly limit: number,
  ) {
    super();
  }
}
