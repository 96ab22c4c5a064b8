import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { MatchingQueries } from '../../application/matching.queries';
import { GetMatchDetail, MatchDetailView } from './match-detail.query';

/** Participants only: 404 for an unknown match, 403 for anyone else (MatchAccess). */
@Injectable()
@QueryHandler(GetMatchDetail)
export class GetMatchDetailHandler implements IQueryHandler<GetMatchDetail> {
  constructor(private readonly queries: MatchingQueries) {}

  execute({ matchId, agentId }: GetMatchDetail): Promise<MatchDetailView> {
    return this.queries.match(matchId, agentId);
  }
}
