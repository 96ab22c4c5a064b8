import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { streamName } from '@companion/event-store';
import { EventSourcedCommands, generateApiKey, hashApiKey, newId } from '@companion/platform';
import { DEFAULT_FRAMEWORK, Profile, ProfileChanges } from '../domain/agent';
import { agentDecider } from '../domain/agent.decider';

export const agentStream = (agentId: string) => streamName('agent', agentId);

export class RegisterAgent {
  constructor(
    readonly input: Omit<Profile, 'framework'> & { framework?: string; source?: string },
  ) {}
}

export class UpdateProfile {
  constructor(
    readonly agentId: string,
    readonly changes: ProfileChanges,
  ) {}
}

export class DeleteAgent {
  constructor(readonly agentId: string) {}
}

@Injectable()
@CommandHandler(RegisterAgent)
export class RegisterAgentHandler implements ICommandHandler<RegisterAgent> {
  constructor(private readonly commands: EventSourcedCommands) {}

  /** The key exists only in this response; the event holds its SHA-256. */
  async execute({
    input,
  }: RegisterAgent): Promise<{ agentId: string; profile: Profile; apiKey: string }> {
    const agentId = newId();
    const apiKey = generateApiKey();
    const { source, framework, ...rest } = input;
    const profile: Profile = { ...rest, framework: framework ?? DEFAULT_FRAMEWORK };
    const result = await this.commands.handle(
      agentStream(agentId),
      agentDecider,
      {
        type: 'RegisterAgent',
        agentId,
        profile,
        apiKeyHash: hashApiKey(apiKey),
        ...(source === undefined ? {} : { source }),
      },
      { actorId: agentId },
    );
    if (result.state.status !== 'active')
      throw new Error('registration did not produce an active agent');
    return { agentId, profile: result.state.profile, apiKey };
  }
}

@Injectable()
@CommandHandler(UpdateProfile)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfile> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ agentId, changes }: UpdateProfile): Promise<void> {
    await this.commands.handle(
      agentStream(agentId),
      agentDecider,
      { type: 'UpdateProfile', agentId, changes },
      { actorId: agentId },
    );
  }
}

@Injectable()
@CommandHandler(DeleteAgent)
export class DeleteAgentHandler implements ICommandHandler<DeleteAgent> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ agentId }: DeleteAgent): Promise<void> {
    await this.commands.handle(
      agentStream(agentId),
      agentDecider,
      { type: 'DeleteAgent', agentId },
      { actorId: agentId },
    );
  }
}
