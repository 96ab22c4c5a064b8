import { Injectable } from '@nestjs/common';
import { forbidden, notFound } from '@companion/platform';
import { ReadModels } from '@companion/read-store';
import { MatchDoc, MATCHES } from '../projections/matching.projection';

/** Spec §5.5: match endpoints need a participant of that match (404 unknown, 403 anyone else). */
@Injectable()
export class MatchAccess {
  constructor(private readonly readModels: ReadModels) {}

  async forParticipant(matchId: string, agentId: string): Promise<MatchDoc> {
    const match = await this.readModels.get<MatchDoc>(MATCHES, matchId);
    if (!match || match.closed) throw notFound('match_not_found', 'no such match');
    if (!match.agentIds.includes(agentId))
      throw forbidden('not_a_participant', 'only the two participants of this match may do this');
    return match;
  }
}
