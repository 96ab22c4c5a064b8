import { Command } from '@nestjs/cqrs';
import type { GuidedDateOutcome } from '../../application/guided-date-outcome';
import type { ScenarioId } from '../../domain/scenarios';

export class StartGuidedDate extends Command<GuidedDateOutcome> {
  constructor(
    readonly matchId: string,
    readonly agentId: string,
    readonly scenarioId: ScenarioId,
  ) {
    super();
  }
}
