import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
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
import { MixerQueries } from '@companion/mixer';
import {
  ChemistryRatingDto,
  DiscoverQuery,
  LeaderboardQuery,
  MessagesQuery,
  SendMessageDto,
  SwipeDto,
} from './matching.dto';
import {
  ChemistryOutcome,
  DiscoverResult,
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
export class DiscoveryController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queries: MatchingQueries,
    private readonly mixer: MixerQueries,
  ) {}

  @Get('discover')
  @RateLimit('discovery')
  @ApiOp(
    'discover',
    'Candidates not yet swiped on: incoming likes first, then recent participation, then compatibility',
  )
  @ApiBody2xx(200, DiscoverResult)
  async discover(
    @CurrentAgent() agent: AuthenticatedAgent,
    @Query() query: DiscoverQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    // The mixer filter: active agents who RSVPed to that Saturday (going or checked in).
    const only = query.mixer === undefined ? undefined : await this.mixer.guestIds(query.mixer);
    const body = await this.queries.discover(agent.id, {
      limit: query.limit ?? LIMITS.list.discover.default,
      sceneId: query.sceneId,
      only,
    });
    void reply.header('content-type', 'application/json; charset=utf-8');
    return body;
  }

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
