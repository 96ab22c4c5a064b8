import { Controller, HttpStatus, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
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
import { StartGuidedDate } from './start-guided-date.command';
import { StartGuidedDateDto } from './start-guided-date.dto';

@ApiTags('guided dates')
@Controller()
export class StartGuidedDateController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('matches/:id/activities')
  @RateLimit('guidedDate')
  @AgentWrite(RateLimitGuard)
  @ApiOp(
    'startGuidedDate',
    'Start a guided date: 201 new, 200 the ongoing date of the same scenario, 409 another is ongoing',
  )
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
    void reply.status(outcome.created ? HttpStatus.CREATED : HttpStatus.OK);
    return outcome.view;
  }
}
