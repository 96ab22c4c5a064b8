import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { agentStream } from '@companion/agents';
import { agentDecider } from '@companion/agents/domain';
import { EventSourcedCommands } from '@companion/platform';
import { RevokeOwnerSession } from './revoke-owner-session.command';

@Injectable()
@CommandHandler(RevokeOwnerSession)
export class RevokeOwnerSessionHandler implements ICommandHandler<RevokeOwnerSession> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ agentId, sessionHash }: RevokeOwnerSession): Promise<void> {
    await this.commands.handle(
      agentStream(agentId),
      agentDecider,
      { type: 'RevokeOwnerSession', agentId, sessionHash },
      { actorId: agentId },
    );
  }
}
