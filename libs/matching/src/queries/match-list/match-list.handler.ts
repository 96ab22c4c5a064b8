import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { MatchingQueries } from '../../application/matching.queries';
import { GetMatchList, MatchListView } from './match-list.query';

@Injectable()
@QueryHandler(GetMatchList)
export class GetMatchListHandler implements IQueryHandler<GetMatchList> {
  constructor(private readonly queries: MatchingQueries) {}

  async execute({ agentId }: GetMatchList): Promise<MatchListView> {
    return { matches: await this.queries.matches(agentId) };
  }
}
