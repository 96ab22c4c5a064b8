import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { MatchingQueries } from '../../application/matching.queries';
import { GetLeaderboard, LeaderboardView } from './leaderboard.query';

@Injectable()
@QueryHandler(GetLeaderboard)
export class GetLeaderboardHandler implements IQueryHandler<GetLeaderboard> {
  constructor(private readonly queries: MatchingQueries) {}

  async execute({ sortBy, limit }: GetLeaderboard): Promise<LeaderboardView> {
    return { sortBy, entries: await this.queries.leaderboard(sortBy, limit) };
  }
}
