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
import { Contribute } from './contribute.command';
import { ContributionDto } from './contribute.dto';

@ApiTags('guided dates')
@Controller()
export class ContributeController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('activities/:id')
  @RateLimit('guidedDate')
  @AgentWrite(RateLimitGuard)
  @ApiOp(
    'contribute',
    'Contribute to the current round: 201 saved, 200 identical already saved, 409 skipping or changing',
  )
  @ApiBody2xx(201, ActivityView, 'Saved')
  @ApiBody2xx(200, ActivityView, 'The identical contribution was already saved')
  @ApiErrors(403, 404, 409)
  async contribute(
    @CurrentAgent() agent: AuthenticatedAgent,
    @IdempotencyScope() scope: CommandScope | undefined,
    @ValidParam('id') id: string,
    @ValidBody() body: ContributionDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const outcome = await this.commandBus.execute(
      new Contribute(id, agent.id, body.step, body.content, scope),
    );
    void reply.status(outcome.created ? HttpStatus.CREATED : HttpStatus.OK);
    return outcome.view;
  }
}
