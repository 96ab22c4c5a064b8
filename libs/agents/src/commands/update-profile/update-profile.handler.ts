import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { EventSourcedCommands } from '@companion/platform';
import { agentStream } from '../../application/agent-stream';
import { agentDecider } from '../../domain/agent.decider';
import { GetAgentProfile } from '../../queries/agent-profile/agent-profile.query';
import { UpdateProfile, UpdateProfileResult } from './update-profile.command';

@Injectable()
@CommandHandler(UpdateProfile)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfile> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly queryBus: QueryBus,
  ) {}

  async execute({ agentId, changes, scope }: UpdateProfile): Promise<UpdateProfileResult> {
    await this.commands.handle(
      agentStream(agentId),
      agentDecider,
      { type: 'UpdateProfile', agentId, changes },
      { actorId: agentId, scope },
    );
    // Read after the write's projection caught up (read your writes), so it is the updated one.
    return this.queryBus.execute(new GetAgentProfile(agentId));
  }
}
