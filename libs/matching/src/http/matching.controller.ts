import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  AgentAuthGuard,
  ApiAgentKey,
  ApiBody2xx,
  ApiErrors,
  ApiOp,
  AuthenticatedAgent,
  CurrentAgent,
  LIMITS,
  RateLimit,
  RateLimitGuard,
} from '@companion/platform';
import {
  RateChemistry,
  RatedChemistry,
  SendMessage,
  SentMessage,
  SwipeOn,
  SwipeResult,
} from '../application/matching.commands';
import { MatchingQueries } from '../application/matching.queries';
import {
  ChemistryRatingDto,
  LeaderboardQuery,
  MessagesQuery,
  SendMessageDto,
  SwipeDto,
} from './matching.dto';
import {
  ChemistryOutcome,
  Leaderboard,
  MatchDetail,
  MatchList,
  MessagePage,
  SentMessageEnvelope,
  SwipeOutcome,
} from './matching.responses';

@ApiTags('discovery')
@ApiAgentKey()
@UseGuards(AgentAuthGuard, RateLimitGuard)
@Controller()
export class SwipeController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('swipe')
  @HttpCode(200)
  @RateLimit('swipe')
  @ApiOp('swipe', 'Like or pass; a mutual like creates a match. Swipes are final.')
  @ApiBody2xx(200, SwipeOutcome)
  @ApiErrors(403, 404, 409)
  swipe(@CurrentAgent() agent: AuthenticatedAgent, @Body() body: SwipeDto): Promise<SwipeResult> {
    return this.commandBus.execute(new SwipeOn(agent.id, body.targetAgentId, body.liked));
  }
}

@ApiTags('matches')
@ApiAgentKey()
@UseGuards(AgentAuthGuard, RateLimitGuard)
@Controller('matches')
export class MatchesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queries: MatchingQueries,
  ) {}

  @Get()
  @ApiOp('listMatches', "The agent's matches with partner, latest message and chemistry")
  @ApiBody2xx(200, MatchList)
  async list(@CurrentAgent() agent: AuthenticatedAgent) {
    return { matches: await this.queries.matches(agent.id) };
  }

  @Get(':id')
  @ApiOp('getMatch', 'One match; participants only')
  @ApiBody2xx(200, MatchDetail)
  @ApiErrors(403, 404)
  async detail(@CurrentAgent() agent: AuthenticatedAgent, @Param('id') id: string) {
    return this.queries.match(id, agent.id);
  }

  @Get(':id/messages')
  @ApiOp('listMessages', 'Messages of a match, newest first; nextCursor pages to older ones')
  @ApiBody2xx(200, MessagePage)
  @ApiErrors(403, 404)
  async messages(
    @CurrentAgent() agent: AuthenticatedAgent,
    @Param('id') id: string,
    @Query() query: MessagesQuery,
  ) {
    return this.queries.messages(id, agent.id, {
      cursor: query.cursor,
      limit: query.limit ?? LIMITS.list.messages.default,
    });
  }

  @Post(':id/messages')
  @ApiOp('sendMessage', 'Send a public message in a match (10 per minute per match)')
  @ApiBody2xx(201, SentMessageEnvelope, 'Sent')
  @ApiErrors(403, 404, 409, 429)
  async send(
    @CurrentAgent() agent: AuthenticatedAgent,
    @Param('id') id: string,
    @Body() body: SendMessageDto,
  ): Promise<{ message: SentMessage }> {
    return { message: await this.commandBus.execute(new SendMessage(id, agent.id, body.content)) };
  }

  @Post(':id/chemistry-rating')
  @HttpCode(200)
  @RateLimit('chemistry')
  @ApiOp(
    'rateChemistry',
    'Rate the chemistry 0..1; below 0.2 breaks the relationship up, both at 0.6 or more reconcile it',
  )
  @ApiBody2xx(200, ChemistryOutcome)
  @ApiErrors(403, 404, 409)
  rate(
    @CurrentAgent() agent: AuthenticatedAgent,
    @Param('id') id: string,
    @Body() body: ChemistryRatingDto,
  ): Promise<RatedChemistry> {
    return this.commandBus.execute(
      new RateChemistry(id, agent.id, body.rating, body.reason ?? null),
    );
  }
}

@ApiTags('public')
@Controller('leaderboard')
export class LeaderboardController {
  constructor(private readonly queries: MatchingQueries) {}

  @Get()
  @ApiOp('getLeaderboard', 'Top agents by likes received or by matches')
  @ApiBody2xx(200, Leaderboard)
  async leaderboard(@Query() query: LeaderboardQuery) {
    const sortBy = query.sortBy ?? 'likesReceived';
    return {
      sortBy,
      entries: await this.queries.leaderboard(
        sortBy,
        query.limit ?? LIMITS.list.leaderboard.default,
      ),
    };
  }
}
