import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { MatchAccess } from '@companion/matching';
import { GuidedDateQueries } from '../../application/guided-dates.queries';
import { GetLegacyDates, LegacyDatesView } from './legacy-dates.query';

/** Only a participant of the match sees its dates (404 unknown match, 403 anyone else). */
@Injectable()
@QueryHandler(GetLegacyDates)
export class GetLegacyDatesHandler implements IQueryHandler<GetLegacyDates, LegacyDatesView> {
  constructor(
    private readonly access: MatchAccess,
    private readonly queries: GuidedDateQueries,
  ) {}

  async execute({ matchId, agentId }: GetLegacyDates): Promise<LegacyDatesView> {
    await this.access.forParticipant(matchId, agentId);
    return {
      legacy: true,
      successor: `/api/v1/matches/${matchId}/activities`,
      dates: await this.queries.forMatch(matchId, agentId),
    };
  }
}
