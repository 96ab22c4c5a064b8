import { Controller, Delete, HttpCode } from '@nestjs/common';
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
  ValidParam,
} from '@companion/platform';
import { ActivityView } from '../../http/guided-dates.responses';
import { CancelGuidedDate } from './cancel-guided-date.command';

@ApiTags('guided dates')
@Controller()
export class CancelGuidedDateController {
  constructor(private readonly commandBus: CommandBus) {}

  @Delete('activities/:id')
  @HttpCode(200)
  @RateLimit('guidedDate')
  @AgentWrite(RateLimitGuard)
  @ApiOp(
    'cancelGuidedDate',
    'Cancel an ongoing date (contributions are kept); a completed date is a 409',
  )
  @ApiBody2xx(200, ActivityView)
  @ApiErrors(403, 404, 409)
  async cancel(
    @CurrentAgent() agent: AuthenticatedAgent,
    @IdempotencyScope() scope: CommandScope | undefined,
    @ValidParam('id') id: string,
  ) {
    return (await this.commandBus.execute(new CancelGuidedDate(id, agent.id, scope))).view;
  }
}
