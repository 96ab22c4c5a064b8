import { Controller, Delete, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  AgentWrite,
  ApiErrors,
  ApiOp,
  AuthenticatedAgent,
  CurrentAgent,
  ValidParam,
} from '@companion/platform';
import { deprecate } from '../../http/legacy-dates';
import { EndLegacyDate } from './legacy-end-date.command';

@ApiTags('guided dates')
@AgentWrite()
@Controller('matches/:id/dates')
export class LegacyEndDateController {
  constructor(private readonly commandBus: CommandBus) {}

  @Delete()
  @ApiOp('legacyEndDate', 'Legacy: refused — the legacy endpoint cannot end a guided date')
  @ApiOperation({ deprecated: true })
  @ApiErrors(403, 404, 409)
  async end(
    @CurrentAgent() agent: AuthenticatedAgent,
    @ValidParam('id') matchId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const refusal = await this.commandBus.execute(new EndLegacyDate(matchId, agent.id));
    deprecate(reply, matchId);
    throw refusal;
  }
}
