import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
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
} from '@companion/platform';
import { SwipeOutcome } from '../../http/matching.responses';
import { SwipeOn, SwipeResult } from './swipe.command';
import { SwipeDto } from './swipe.dto';

@ApiTags('discovery')
@AgentWrite(RateLimitGuard)
@Controller()
export class SwipeController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('swipe')
  @HttpCode(200)
  @RateLimit('swipe')
  @ApiOp('swipe', 'Like or pass; a mutual like creates a match. Swipes are final.')
  @ApiBody2xx(200, SwipeOutcome)
  @ApiErrors(403, 404, 409)
  swipe(
    @CurrentAgent() agent: AuthenticatedAgent,
    @IdempotencyScope() scope: CommandScope | undefined,
    @ValidBody() body: SwipeDto,
  ): Promise<SwipeResult> {
    return this.commandBus.execute(new SwipeOn(agent.id, body.targetAgentId, body.liked, scope));
  }
}
