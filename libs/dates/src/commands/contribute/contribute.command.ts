import { Command } from '@nestjs/cqrs';
import type { GuidedDateOutcome } from '../../application/guided-date-outcome';

export class Contribute extends Command<GuidedDateOutcome> {
  constructor(
    readonly activityId: string,
    readonly agentId: string,
    readonly step: number,
    readonly content: string,
  ) {
    super();
  }
}
