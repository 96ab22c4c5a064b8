import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands } from '@companion/platform';
import { chemistryScores } from '../../domain/chemistry-scores';
import { matchDecider } from '../../domain/match';
import { MatchAccess } from '../../application/match-access';
import { matchStream, storyIdOf } from '../../application/matching-streams';
import { RateChemistry, RatedChemistry } from './rate-chemistry.command';

@Injectable()
@CommandHandler(RateChemistry)
export class RateChemistryHandler implements ICommandHandler<RateChemistry> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly access: MatchAccess,
  ) {}

  async execute({
    matchId,
    raterId,
    rating,
    reason,
    scope,
  }: RateChemistry): Promise<RatedChemistry> {
    const match = await this.access.forParticipant(matchId, raterId);
    const { state, occurredAt } = await this.commands.handle(
      matchStream(matchId),
      matchDecider,
      {
        type: 'RateChemistry',
        matchId,
        participants: match.agentIds,
        raterId,
        rating,
        reason,
        storyId: storyIdOf(matchId),
      },
      { actorId: raterId, scope },
    );
    return {
      rating: { matchId, agentId: raterId, rating, reason, ratedAt: occurredAt! },
      match: {
        id: matchId,
        status: state.status,
        chemistry: chemistryScores(state.ratings, match.agentIds, state.ratingsCount),
      },
    };
  }
}
