import { Controller, HttpStatus, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  AgentWrite,
  ApiBody2xx,
  ApiErrors,
  ApiOp,
  AuthenticatedAgent,
  CommandScope,
  CurrentAgent,
  IdempotencyScope,
  RateLimit,
  RateLimitGuard,
  ValidBody,
  ValidParam,
} from '@companion/platform';
import { ActivityView } from '../../http/guided-dates.responses';
import { deprecate } from '../../http/legacy-dates';
import { StartGuidedDate } from '../start-guided-date/start-guided-date.command';
import { StartGuidedDateDto } from '../start-guided-date/start-guided-date.dto';

/**
 * The legacy dates endpoint (before 1.4.0) starts a guided date with the same command as
 * `POST /matches/{id}/activities`; its answers carry `Deprecation` and a link to the successor.
 */
@ApiTags('guided dates')
@AgentWrite(RateLimitGuard)
@Controller('matches/:id/dates')
export class LegacyStartDateController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @RateLimit('guidedDate')
  @ApiOp('legacyStartDate', 'Legacy: starts a guided date like POST /matches/{id}/activities')
  @ApiOperation({ deprecated: true })
  @ApiBody2xx(201, ActivityView, 'Started')
  @ApiBody2xx(200, ActivityView, 'The ongoing date of the same scenario')
  @ApiErrors(403, 404, 409)
  async start(
    @CurrentAgent() agent: AuthenticatedAgent,
    @IdempotencyScope() scope: CommandScope | undefined,
    @ValidParam('id') matchId: string,
    @ValidBody() body: StartGuidedDateDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const outcome = await this.commandBus.execute(
      new StartGuidedDate(matchId, agent.id, body.scenarioId, scope),
    );
    deprecate(reply, matchId);
    void reply.status(outcome.created ? HttpStatus.CREATED : HttpStatus.OK);
    return outcome.view;
  }
}
