import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MatchAccess, matchStream } from '@companion/matching';
import { EventSourcedCommands, newEntityId } from '@companion/platform';
import type { GuidedDateOutcome } from '../../application/guided-date-outcome';
import { GuidedDateQueries } from '../../application/guided-dates.queries';
import { guidedDateDecider } from '../../domain/guided-date';
import { StartGuidedDate } from './start-guided-date.command';

/** Starts a date, or answers the ongoing date of the same scenario (both routes, new and legacy). */
@Injectable()
@CommandHandler(StartGuidedDate)
export class StartGuidedDateHandler implements ICommandHandler<StartGuidedDate, GuidedDateOutcome> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly access: MatchAccess,
    private readonly queries: GuidedDateQueries,
  ) {}

  async execute({
    matchId,
    agentId,
    scenarioId,
    scope,
  }: StartGuidedDate): Promise<GuidedDateOutcome> {
    const match = await this.access.forParticipant(matchId, agentId);
    const { state, events } = await this.commands.handle(
      matchStream(matchId),
      guidedDateDecider,
      {
        type: 'StartGuidedDate',
        matchId,
        participants: match.agentIds,
        agentId,
        activityId: newEntityId('guided-date', scope),
        scenarioId,
      },
      { actorId: agentId, scope },
    );
    return {
      created: events.length > 0,
      view: await this.queries.activity(state.ongoingId!, agentId),
    };
  }
}
