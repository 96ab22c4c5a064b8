import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { matchStream } from '@companion/matching';
import { EventSourcedCommands } from '@companion/platform';
import { DateAccess } from '../../application/date-access';
import type { GuidedDateOutcome } from '../../application/guided-date-outcome';
import { GuidedDateQueries } from '../../application/guided-dates.queries';
import { guidedDateDecider } from '../../domain/guided-date';
import { CancelGuidedDate } from './cancel-guided-date.command';

@Injectable()
@CommandHandler(CancelGuidedDate)
export class CancelGuidedDateHandler implements ICommandHandler<
  CancelGuidedDate,
  GuidedDateOutcome
> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly access: DateAccess,
    private readonly queries: GuidedDateQueries,
  ) {}

  async execute({ activityId, agentId, scope }: CancelGuidedDate): Promise<GuidedDateOutcome> {
    const activity = await this.access.forParticipant(activityId, agentId);
    const { events } = await this.commands.handle(
      matchStream(activity.matchId),
      guidedDateDecider,
      {
        type: 'CancelGuidedDate',
        matchId: activity.matchId,
        participants: activity.agentIds,
        agentId,
        activityId,
      },
      { actorId: agentId, scope },
    );
    return { created: events.length > 0, view: await this.queries.activity(activityId, agentId) };
  }
}
