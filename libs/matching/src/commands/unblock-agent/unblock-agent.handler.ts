import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AgentQueries } from '@companion/agents';
import { EventSourcedCommands } from '@companion/platform';
import { pairDecider } from '../../domain/pair';
import { assertBlockable, BlockResult } from '../../application/blockable';
import { pairStream } from '../../application/matching-streams';
import { UnblockAgent } from './unblock-agent.command';

/** Lifts this agent's block only; a match it ended stays ended. */
@Injectable()
@CommandHandler(UnblockAgent)
export class UnblockAgentHandler implements ICommandHandler<UnblockAgent> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly agents: AgentQueries,
  ) {}

  async execute({ blockerId, blockedId, scope }: UnblockAgent): Promise<BlockResult> {
    await assertBlockable(this.agents, blockerId, blockedId);
    await this.commands.handle(
      pairStream(blockerId, blockedId),
      pairDecider,
      { type: 'Unblock', blockerId, blockedId },
      { actorId: blockerId, scope },
    );
    return { agentId: blockedId, blocked: false };
  }
}
