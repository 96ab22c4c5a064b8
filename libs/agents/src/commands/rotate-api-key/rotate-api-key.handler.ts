import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands, generateApiKey, hashApiKey } from '@companion/platform';
import { agentStream } from '../../application/agent-stream';
import { agentDecider } from '../../domain/agent.decider';
import { RotateApiKey, RotateApiKeyResult } from './rotate-api-key.command';

@Injectable()
@CommandHandler(RotateApiKey)
export class RotateApiKeyHandler implements ICommandHandler<RotateApiKey> {
  constructor(private readonly commands: EventSourcedCommands) {}

  /**
   * The new key exists only in this answer; the event holds its SHA-256. The answer waits for the
   * read models (the command loop's read-your-writes), and the key read model is the one every API
   * instance authenticates against, so from the answer on the old key is refused everywhere.
   */
  async execute({ agentId, usedKeyHash }: RotateApiKey): Promise<RotateApiKeyResult> {
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
