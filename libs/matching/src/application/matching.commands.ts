import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { streamName } from '@companion/event-store';
import { AgentQueries } from '@companion/agents';
import {
  derivedId,
  EventSourcedCommands,
  invalid,
  newId,
  notFound,
  RateLimiter,
} from '@companion/platform';
import { chemistryScores, ChemistryScores } from '../domain/chemistry-scores';
import { matchDecider, RelationshipStatus } from '../domain/match';
import { pairDecider, pairKey } from '../domain/pair';
import { MatchAccess } from './match-access';

export const pairStream = (a: string, b: string) => {
  const [x, y] = pairKey(a, b);
  return streamName('pair', `${x}-${y}`);
};
export const matchStream = (matchId: string) => streamName('match', matchId);
export const storyIdOf = (matchId: string) => derivedId('loveStory', matchId);

export class SwipeOn {
  constructor(
    readonly swiperId: string,
    readonly targetId: string,
    readonly liked: boolean,
  ) {}
}
export interface SwipeResult {
  swiped: true;
  liked: boolean;
  match: { id: string } | null;
}

@Injectable()
@CommandHandler(SwipeOn)
export class SwipeHandler implements ICommandHandler<SwipeOn, SwipeResult> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly agents: AgentQueries,
  ) {}

  async execute({ swiperId, targetId, liked }: SwipeOn): Promise<SwipeResult> {
    if (swiperId === targetId)
      throw invalid('cannot_swipe_self', 'an agent cannot swipe on itself');
    if (!(await this.agents.byId(targetId)))
      throw notFound('agent_not_found', 'no such agent (unknown or deleted)');
    const [a, b] = pairKey(swiperId, targetId);
    const { state } = await this.commands.handle(
      pairStream(a, b),
      pairDecider,
      { type: 'Swipe', swiperId, targetId, liked, matchId: derivedId('match', a, b) },
      { actorId: swiperId },
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

export class SendMessage {
  constructor(
    readonly matchId: string,
    readonly senderId: string,
    readonly content: string,
  ) {}
}
export interface SentMessage {
  id: string;
  matchId: string;
  senderId: string;
  content: string;
  createdAt: string;
}

@Injectable()
@CommandHandler(SendMessage)
export class SendMessageHandler implements ICommandHandler<SendMessage, SentMessage> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly access: MatchAccess,
    private readonly limiter: RateLimiter,
  ) {}

  /** Every transport (REST, /ws, socket.io) sends through here, so they share the messaging limit. */
  async execute({ matchId, senderId, content }: SendMessage): Promise<SentMessage> {
    const match = await this.access.forParticipant(matchId, senderId);
    await this.limiter.consume('message', `agent:${senderId}:match:${matchId}`);
    const messageId = newId();
    const result = await this.commands.handle(
      matchStream(matchId),
      matchDecider,
      {
        type: 'SendMessage',
        matchId,
        participants: match.agentIds,
        senderId,
        messageId,
        content,
        storyId: storyIdOf(matchId),
      },
      { actorId: senderId },
    );
    return { id: messageId, matchId, senderId, content, createdAt: result.occurredAt! };
  }
}

export class RateChemistry {
  constructor(
    readonly matchId: string,
    readonly raterId: string,
    readonly rating: number,
    readonly reason: string | null,
  ) {}
}
export interface RatedChemistry {
  rating: {
    matchId: string;
    agentId: string;
    rating: number;
    reason: string | null;
    ratedAt: string;
  };
  match: { id: string; status: RelationshipStatus; chemistry: ChemistryScores };
}

@Injectable()
@CommandHandler(RateChemistry)
export class RateChemistryHandler implements ICommandHandler<RateChemistry, RatedChemistry> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly access: MatchAccess,
  ) {}

  async execute({ matchId, raterId, rating, reason }: RateChemistry): Promise<RatedChemistry> {
    const match = await this.access.forParticipant(matchId, raterId);
    const { state, occurredAt } = await this.commands.handle(
      matchStream(matchId),
      matchDecider,
      {
        type: 'RateChemistry',
        matchId,
        participants: match.agentIds,
        raterId,
        rating,
        reason,
        storyId: storyIdOf(matchId),
      },
      { actorId: raterId },
    );
    return {
      rating: { matchId, agentId: raterId, rating, reason, ratedAt: occurredAt! },
      match: {
        id: matchId,
        status: state.status,
        chemistry: chemistryScores(state.ratings, match.agentIds, state.ratingsCount),
      },
    };
  }
}
