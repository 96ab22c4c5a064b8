import { Command } from '@nestjs/cqrs';

export class RevokeOwnerSession extends Command<void> {
  constructor(
    readonly agentId: string,
    readonly sessionHash: string,
  ) {
    super();
  }
}
