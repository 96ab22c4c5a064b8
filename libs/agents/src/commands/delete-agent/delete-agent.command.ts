import { Command } from '@nestjs/cqrs';

export class DeleteAgent extends Command<void> {
  constructor(readonly agentId: string) {
    super();
  }
}
