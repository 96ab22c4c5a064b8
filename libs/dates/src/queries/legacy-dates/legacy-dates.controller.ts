import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  AgentAuthGuard,
  ApiAgentKey,
  ApiBody2xx,
  ApiErrors,
  ApiOp,
  AuthenticatedAgent,
  CurrentAgent,
  ValidParam,
} from '@companion/platform';
import { LegacyDates } from '../../http/guided-dates.responses';
import { deprecate } from '../../http/legacy-dates';
import { GetLegacyDates } from './legacy-dates.query';

/**
 * The legacy dates endpoint (before 1.4.0): it lists and starts guided dates, and it can never end
 * one (spec §3, §9). Every answer carries `Deprecation` and a link to its successor.
 */
@ApiTags('guided dates')
@ApiAgentKey()
@UseGuards(AgentAuthGuard)
@Controller('matches/:id/dates')
export class LegacyDatesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOp('legacyListDates', 'Legacy: the match’s guided dates')
  @ApiOperation({ deprecated: true })
  @ApiBody2xx(200, LegacyDates)
  @ApiErrors(403, 404)
  async list(
    @CurrentAgent() agent: AuthenticatedAgent,
    @ValidParam('id') matchId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const dates = await this.queryBus.execute(new GetLegacyDates(matchId, agent.id));
    deprecate(reply, matchId);
    return dates;
  }
}
