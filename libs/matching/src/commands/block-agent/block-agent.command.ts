import { Command } from '@nestjs/cqrs';
import { BlockResult } from '../../application/blockable';

export class BlockAgent extends Command<BlockResult> {
  constructor(
    readonly blockerId: string,
    readonly blockedId: string,
  ) {
    super();
  }
}
