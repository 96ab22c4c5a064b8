import { Command } from '@nestjs/cqrs';
import type { CommandScope } from '@companion/platform';
import type { GuidedDateOutcome } from '../../application/guided-date-outcome';

export class Contribute extends Command<GuidedDateOutcome> {
  constructor(
    readonly activityId: string,
    readonly agentId: string,
    readonly step: number,
    readonly content: string,
    /** The request's Idempotency-Key scope, when it has one (`CommandContext.scope`). */
    readonly scope?: CommandScope,
  ) {
    super();
  }
}
