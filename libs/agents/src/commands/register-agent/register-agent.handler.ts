import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { EventSourcedCommands, generateApiKey, hashApiKey, newId } from '@companion/platform';
import { agentStream } from '../../application/agent-stream';
import { DEFAULT_FRAMEWORK, Profile } from '../../domain/agent';
import { agentDecider } from '../../domain/agent.decider';
import { GetAgentProfile } from '../../queries/agent-profile/agent-profile.query';
import { RegisterAgent, RegisterAgentResult } from './register-agent.command';

@Injectable()
@CommandHandler(RegisterAgent)
export class RegisterAgentHandler implements ICommandHandler<RegisterAgent> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly queryBus: QueryBus,
  ) {}

  /** The key exists only in this response; the event holds its SHA-256. */
  async execute({ input }: RegisterAgent): Promise<RegisterAgentResult> {
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
    // The profile as GET /agents/{id} answers it, read after the write's projection caught up.
    return { agent: await this.queryBus.execute(new GetAgentProfile(agentId)), apiKey };
  }
}
