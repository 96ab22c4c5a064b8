import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MatchAccess, matchStream } from '@companion/matching';
import { derivedId, EventSourcedCommands, forbidden, newId, notFound } from '@companion/platform';
import { ReadModels } from '@companion/read-store';
import { guidedDateDecider } from '../domain/guided-date';
import { ScenarioId } from '../domain/scenarios';
import { ACTIVITIES, ActivityDoc } from '../projections/guided-dates.projection';

export interface GuidedDateOutcome {
  activityId: string;
  /** true when this request changed something (201), false when the answer is the existing state (200). */
  created: boolean;
}

export class StartGuidedDate {
  constructor(
    readonly matchId: string,
    readonly agentId: string,
    readonly scenarioId: ScenarioId,
  ) {}
}
export class Contribute {
  constructor(
    readonly activityId: string,
    readonly agentId: string,
    readonly step: number,
    readonly content: string,
  ) {}
}
export class CancelGuidedDate {
  constructor(
    readonly activityId: string,
    readonly agentId: string,
  ) {}
}

@Injectable()
@CommandHandler(StartGuidedDate)
export class StartGuidedDateHandler implements ICommandHandler<StartGuidedDate, GuidedDateOutcome> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly access: MatchAccess,
  ) {}

  async execute({ matchId, agentId, scenarioId }: StartGuidedDate): Promise<GuidedDateOutcome> {
    const match = await this.access.forParticipant(matchId, agentId);
    const { state, events } = await this.commands.handle(
      matchStream(matchId),
      guidedDateDecider,
      {
        type: 'StartGuidedDate',
        matchId,
        participants: match.agentIds,
        agentId,
        activityId: newId(),
        scenarioId,
      },
      { actorId: agentId },
    );
    return { activityId: state.ongoingId!, created: events.length > 0 };
  }
}

/** Date mutations need a participant of that date (spec §5.5): 404 unknown, 403 anyone else. */
@Injectable()
export class DateAccess {
  constructor(private readonly readModels: ReadModels) {}

  async forParticipant(activityId: string, agentId: string): Promise<ActivityDoc> {
    const activity = await this.readModels.get<ActivityDoc>(ACTIVITIES, activityId);
    if (!activity) throw notFound('activity_not_found', 'no such guided date');
    if (!activity.agentIds.includes(agentId))
      throw forbidden('not_a_participant', 'only the two participants of this date may do this');
    return activity;
  }
}

@Injectable()
@CommandHandler(Contribute)
export class ContributeHandler implements ICommandHandler<Contribute, GuidedDateOutcome> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly access: DateAccess,
  ) {}

  async execute({ activityId, agentId, step, content }: Contribute): Promise<GuidedDateOutcome> {
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
      { actorId: agentId },
    );
    return { activityId, created: events.length > 0 };
  }
}

@Injectable()
@CommandHandler(CancelGuidedDate)
export class CancelGuidedDateHandler implements ICommandHandler<
  CancelGuidedDate,
  GuidedDateOutcome
> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly access: DateAccess,
  ) {}

  async execute({ activityId, agentId }: CancelGuidedDate): Promise<GuidedDateOutcome> {
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
      { actorId: agentId },
    );
    return { activityId, created: events.length > 0 };
  }
}
