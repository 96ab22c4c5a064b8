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

export class RotateApiKey {
  constructor(
    readonly agentId: string,
    /** SHA-256 of the key the request came with: the one that is replaced. */
    readonly usedKeyHash: string,
  ) {}
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

@Injectable()
@CommandHandler(RotateApiKey)
export class RotateApiKeyHandler implements ICommandHandler<RotateApiKey> {
  constructor(private readonly commands: EventSourcedCommands) {}

  /**
   * The new key exists only in this answer; the event holds its SHA-256. The answer waits for the
   * read models (the command loop's read-your-writes), and the key read model is the one every API
   * instance authenticates against, so from the answer on the old key is refused everywhere.
   */
  async execute({ agentId, usedKeyHash }: RotateApiKey): Promise<{ apiKey: string }> {
    const apiKey = generateApiKey();
    await this.commands.handle(
      agentStream(agentId),
      agentDecider,
      { type: 'RotateApiKey', agentId, usedKeyHash, apiKeyHash: hashApiKey(apiKey) },
      { actorId: agentId },
    );
    return { apiKey };
  }
}
