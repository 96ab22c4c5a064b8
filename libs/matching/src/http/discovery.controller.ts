import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiTags } from '@nestjs/swagger';
import {
  AgentAuthGuard,
  ApiAgentKey,
  ApiBody2xx,
  ApiOp,
  AuthenticatedAgent,
  CurrentAgent,
  LIMITS,
  RateLimit,
  RateLimitGuard,
} from '@companion/platform';
import { MatchingQueries } from '../application/matching.queries';
import { MixerQueries } from '@companion/mixer';
import { DiscoverQuery } from './discover.dto';
import { DiscoverResult } from './matching.responses';

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
