import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands } from '@companion/platform';
import { agentStream } from '../../application/agent-stream';
import { agentDecider } from '../../domain/agent.decider';
import { DeleteAgent } from './delete-agent.command';

@Injectable()
@CommandHandler(DeleteAgent)
export class DeleteAgentHandler implements ICommandHandler<DeleteAgent> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ agentId, scope }: DeleteAgent): Promise<void> {
    await this.commands.handle(
      agentStream(agentId),
      agentDecider,
      { type: 'DeleteAgent', agentId },
      { actorId: agentId, scope },
    );
  }
}
