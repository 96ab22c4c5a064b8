import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MatchAccess } from '@companion/matching';
import { conflict, DomainError } from '@companion/platform';
import { EndLegacyDate } from './legacy-end-date.command';

/**
 * The legacy endpoint can never end a guided date (spec §3, §9), and writes nothing. A stranger gets
 * the 404/403 of every match route (thrown); a participant gets the 409 as the result, so that the
 * controller marks it deprecated like every other answer of the endpoint before throwing it.
 */
@Injectable()
@CommandHandler(EndLegacyDate)
export class EndLegacyDateHandler implements ICommandHandler<EndLegacyDate, DomainError> {
  constructor(private readonly access: MatchAccess) {}

  async execute({ matchId, agentId }: EndLegacyDate): Promise<DomainError> {
    await this.access.forParticipant(matchId, agentId);
    return conflict(
      'legacy_cannot_end',
      'the legacy dates endpoint cannot end a guided date; use DELETE /api/v1/activities/{id}',
    );
  }
}
