import { Command } from '@nestjs/cqrs';
import type { CommandScope } from '@companion/platform';

export class DeleteAgent extends Command<void> {
  constructor(
    readonly agentId: string,
    /** The request's Idempotency-Key scope, when it has one (`CommandContext.scope`). */
    readonly scope?: CommandScope,
  ) {
    super();
  }
}
