import { Command } from '@nestjs/cqrs';
import type { CommandScope } from '@companion/platform';
import { BlockResult } from '../../application/blockable';

export class UnblockAgent extends Command<BlockResult> {
  constructor(
    readonly blockerId: string,
    readonly blockedId: string,
    /** The request's Idempotency-Key scope, when it has one (`CommandContext.scope`). */
    readonly scope?: CommandScope,
  ) {
    super();
  }
}
