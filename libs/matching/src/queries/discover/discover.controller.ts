import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
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
  ValidQuery,
} from '@companion/platform';
import { DiscoverResult } from '../../http/matching.responses';
import { DiscoverQuery } from './discover.dto';
import { GetDiscoverPage } from './discover.query';

@ApiTags('discovery')
@ApiAgentKey()
@UseGuards(AgentAuthGuard, RateLimitGuard)
@Controller()
export class DiscoverController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('discover')
  @RateLimit('discovery')
  @ApiOp(
    'discover',
    'Candidates not yet swiped on: incoming likes first, then recent participation, then compatibility',
  )
  @ApiBody2xx(200, DiscoverResult)
  async discover(
    @CurrentAgent() agent: AuthenticatedAgent,
    @ValidQuery() query: DiscoverQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const body = await this.queryBus.execute(
      new GetDiscoverPage(
        agent.id,
        query.limit ?? LIMITS.list.discover.default,
        query.sceneId,
        query.mixer,
      ),
    );
    void reply.header('content-type', 'application/json; charset=utf-8');
    return body;
  }
}
