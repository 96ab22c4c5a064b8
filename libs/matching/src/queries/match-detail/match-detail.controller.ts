import { Controller, Get, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  AgentAuthGuard,
  ApiAgentKey,
  ApiBody2xx,
  ApiErrors,
  ApiOp,
  AuthenticatedAgent,
  CurrentAgent,
  RateLimitGuard,
  ValidParam,
} from '@companion/platform';
import { MatchDetail } from '../../http/matching.responses';
import { GetMatchDetail } from './match-detail.query';

@ApiTags('matches')
@ApiAgentKey()
@UseGuards(AgentAuthGuard, RateLimitGuard)
@Controller('matches')
export class MatchDetailController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':id')
  @ApiOp('getMatch', 'One match; participants only')
  @ApiBody2xx(200, MatchDetail)
  @ApiErrors(403, 404)
  detail(@CurrentAgent() agent: AuthenticatedAgent, @ValidParam('id') id: string) {
    return this.queryBus.execute(new GetMatchDetail(id, agent.id));
  }
}
