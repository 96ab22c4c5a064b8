import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AgentQueries } from '@companion/agents';
import { WrongExpectedRevisionError } from '@companion/event-store';
import { CommandScope, EventSourcedCommands } from '@companion/platform';
import { matchDecider } from '../../domain/match';
import { pairDecider, pairKey } from '../../domain/pair';
import { assertBlockable, BlockResult } from '../../application/blockable';
import { matchStream, pairStream } from '../../application/matching-streams';
import { BlockAgent } from './block-agent.command';

/**
 * A block is two appends, each on the stream that owns the rule it closes: the pair stream (no
 * swipe, so no match, after `AgentBlocked`), then, when the pair has a match, the match stream (no
 * message, rating or date after `MatchBlocked`; an active relationship breaks up). The match is
 * the one the pair stream knows at the block's revision, so a match created by a like that won the
 * race is ended too. A repeat writes nothing, but still completes the match's block, so a retry
 * after a failure between the two appends finishes the job.
 */
@Injectable()
@CommandHandler(BlockAgent)
export class BlockAgentHandler implements ICommandHandler<BlockAgent> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly agents: AgentQueries,
  ) {}

  async execute({ blockerId, blockedId, scope }: BlockAgent): Promise<BlockResult> {
    await assertBlockable(this.agents, blockerId, blockedId);
    const participants = pairKey(blockerId, blockedId);
    const { state } = await this.commands.handle(
      pairStream(blockerId, blockedId),
      pairDecider,
      { type: 'Block', blockerId, blockedId },
      { actorId: blockerId, scope },
    );
    if (state.matchId) await this.closeMatch(state.matchId, participants, blockerId, scope);
    return { agentId: blockedId, blocked: true };
  }

  /**
   * The pair's block is committed: the match must follow, even while a busy conversation keeps
   * winning the stream's revision race (the command loop gives up after a few conflicts). Retrying
   * is safe: once the match is blocked, the decider answers with nothing to write.
   */
  private async closeMatch(
    matchId: string,
    participants: [string, string],
    blockerId: string,
    scope: CommandScope | undefined,
  ) {
    for (let round = 1; ; round++) {
      try {
        await this.commands.handle(
          matchStream(matchId),
          matchDecider,
          { type: 'BlockMatch', matchId, participants, blockerId },
          { actorId: blockerId, scope },
        );
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || round >= CLOSE_MATCH_ROUNDS)
          throw error;
        await new Promise((r) => setTimeout(r, Math.random() * 10 * round));
      }
    }
  }
}

/** Rounds of the command loop's attempts (each a few appends) before the block gives up. */
const CLOSE_MATCH_ROUNDS = 10;
