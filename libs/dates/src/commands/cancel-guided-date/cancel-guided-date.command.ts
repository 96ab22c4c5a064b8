import { Command } from '@nestjs/cqrs';
import type { CommandScope } from '@companion/platform';
import type { GuidedDateOutcome } from '../../application/guided-date-outcome';

export class CancelGuidedDate extends Command<GuidedDateOutcome> {
  constructor(
    readonly activityId: string,
    readonly agentId: string,
    /** The request's Idempotency-Key scope, when it has one (`CommandContext.scope`). */
    readonly scope?: CommandScope,
  ) {
    super();
  }
}
