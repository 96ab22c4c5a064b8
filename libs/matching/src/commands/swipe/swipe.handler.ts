import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AgentQueries } from '@companion/agents';
import { derivedId, EventSourcedCommands, invalid, notFound } from '@companion/platform';
import { pairDecider, pairKey } from '../../domain/pair';
import { pairStream } from '../../application/matching-streams';
import { SwipeOn, SwipeResult } from './swipe.command';

@Injectable()
@CommandHandler(SwipeOn)
export class SwipeHandler implements ICommandHandler<SwipeOn> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly agents: AgentQueries,
  ) {}

  async execute({ swiperId, targetId, liked, scope }: SwipeOn): Promise<SwipeResult> {
    if (swiperId === targetId)
      throw invalid('cannot_swipe_self', 'an agent cannot swipe on itself');
    if (!(await this.agents.byId(targetId)))
      throw notFound('agent_not_found', 'no such agent (unknown or deleted)');
    const [a, b] = pairKey(swiperId, targetId);
    const { state } = await this.commands.handle(
      pairStream(a, b),
      pairDecider,
      { type: 'Swipe', swiperId, targetId, liked, matchId: derivedId('match', a, b) },
      { actorId: swiperId, scope },
      // Most swipes are a pair's first: not reading an empty stream saved a tenth of a swipe's CPU.
      { likelyNew: true },
    );
    return {
      swiped: true,
      liked: state.swipes[swiperId],
      match: state.matchId ? { id: state.matchId } : null,
    };
  }
}
