import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { matchStream } from '@companion/matching';
import { derivedId, EventSourcedCommands } from '@companion/platform';
import { DateAccess } from '../../application/date-access';
import type { GuidedDateOutcome } from '../../application/guided-date-outcome';
import { GuidedDateQueries } from '../../application/guided-dates.queries';
import { guidedDateDecider } from '../../domain/guided-date';
import { Contribute } from './contribute.command';

@Injectable()
@CommandHandler(Contribute)
export class ContributeHandler implements ICommandHandler<Contribute, GuidedDateOutcome> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly access: DateAccess,
    private readonly queries: GuidedDateQueries,
  ) {}

  async execute({
    activityId,
    agentId,
    step,
    content,
    scope,
  }: Contribute): Promise<GuidedDateOutcome> {
    const activity = await this.access.forParticipant(activityId, agentId);
    const { events } = await this.commands.handle(
      matchStream(activity.matchId),
      guidedDateDecider,
      {
        type: 'Contribute',
        matchId: activity.matchId,
        participants: activity.agentIds,
        agentId,
        activityId,
        step,
        content,
        keepsakeId: derivedId('keepsake', activityId),
      },
      { actorId: agentId, scope },
    );
    return { created: events.length > 0, view: await this.queries.activity(activityId, agentId) };
  }
}
