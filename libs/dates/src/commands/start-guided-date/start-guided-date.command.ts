import { Command } from '@nestjs/cqrs';
import type { CommandScope } from '@companion/platform';
import type { GuidedDateOutcome } from '../../application/guided-date-outcome';
import type { ScenarioId } from '../../domain/scenarios';

export class StartGuidedDate extends Command<GuidedDateOutcome> {
  constructor(
    readonly matchId: string,
    readonly agentId: string,
    readonly scenarioId: ScenarioId,
    /** The request's Idempotency-Key scope, when it has one (`CommandContext.scope`). */
    readonly scope?: CommandScope,
  ) {
    super();
  }
}
