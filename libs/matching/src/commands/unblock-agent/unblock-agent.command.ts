import { Command } from '@nestjs/cqrs';
import { BlockResult } from '../../application/blockable';

export class UnblockAgent extends Command<BlockResult> {
  constructor(
    readonly blockerId: string,
    readonly blockedId: string,
  ) {
    super();
  }
}
