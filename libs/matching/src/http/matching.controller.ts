import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
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
import { MatchingQueries } from '../application/matching.queries';
import { MixerQueries } from '@companion/mixer';
import { DiscoverQuery, LeaderboardQuery, MessagesQuery } from './matching.dto';
import {
  DiscoverResult,
  Leaderboard,
  MatchDetail,
  MatchList,
  MessagePage,
} from './matching.responses';

@ApiTags('discovery')
@ApiAgentKey()
@UseGuards(AgentAuthGuard, RateLimitGuard)
@Controller()
export class DiscoveryController {
  constructor(
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
}

@ApiTags('matches')
@ApiAgentKey()
@UseGuards(AgentAuthGuard, RateLimitGuard)
@Controller('matches')
export class MatchesController {
  constructor(private readonly queries: MatchingQueries) {}

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
