import { Controller, Get, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  AgentAuthGuard,
  ApiAgentKey,
  ApiBody2xx,
  ApiOp,
  AuthenticatedAgent,
  CurrentAgent,
  RateLimitGuard,
} from '@companion/platform';
import { MatchList } from '../../http/matching.responses';
import { GetMatchList } from './match-list.query';

@ApiTags('matches')
@ApiAgentKey()
@UseGuards(AgentAuthGuard, RateLimitGuard)
@Controller('matches')
export class MatchListController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOp('listMatches', "The agent's matches with partner, latest message and chemistry")
  @ApiBody2xx(200, MatchList)
  list(@CurrentAgent() agent: AuthenticatedAgent) {
    return this.queryBus.execute(new GetMatchList(agent.id));
  }
}
