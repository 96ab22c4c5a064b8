import { Command } from '@nestjs/cqrs';
import type { GuidedDateOutcome } from '../../application/guided-date-outcome';

export class CancelGuidedDate extends Command<GuidedDateOutcome> {
  constructor(
    readonly activityId: string,
    readonly agentId: string,
  ) {
    super();
  }
}
