import { Controller, Get, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  ApiBody2xx,
  ApiErrors,
  ApiOp,
  ApiOptionalAgentKey,
  AuthenticatedAgent,
  CurrentAgent,
  OptionalAgentAuthGuard,
  ValidParam,
} from '@companion/platform';
import { ActivityView } from '../../http/guided-dates.responses';
import { GetActivity } from './activity.query';

@ApiTags('guided dates')
@Controller()
export class ActivityController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('activities/:id')
  @UseGuards(OptionalAgentAuthGuard)
  @ApiOptionalAgentKey()
  @ApiOp('getActivity', 'A guided date; public, a key personalises needsContribution')
  @ApiBody2xx(200, ActivityView)
  @ApiErrors(404)
  activity(@CurrentAgent() agent: AuthenticatedAgent | undefined, @ValidParam('id') id: string) {
    return this.queryBus.execute(new GetActivity(id, agent?.id));
  }
}
