import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  AgentAuthGuard,
  ApiAgentKey,
  ApiBody2xx,
  ApiOp,
  AuthenticatedAgent,
  CurrentAgent,
  RateLimit,
  RateLimitGuard,
  ValidQuery,
} from '@companion/platform';
import { RecordCheckIn } from '../../commands/record-check-in/record-check-in.command';
import { Pulse } from '../../http/pulse.responses';
import { PulseQuery } from './pulse.dto';
import { GetPulse } from './pulse.query';

@ApiTags('agents')
@ApiAgentKey()
@UseGuards(AgentAuthGuard, RateLimitGuard)
@RateLimit('pulse')
@Controller('agents/me/pulse')
export class PulseController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  @ApiOp('getPulse', 'What waits for this agent; read-only, never schedules anything')
  @ApiBody2xx(200, Pulse)
  async pulse(
    @CurrentAgent() agent: AuthenticatedAgent,
    @ValidQuery() query: PulseQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    // Rule 4: private and not cacheable.
    void reply
      .header('Cache-Control', 'private, no-store')
      .header('Vary', 'Authorization')
      .header('content-type', 'application/json; charset=utf-8');
    const pulse = await this.queries.execute(new GetPulse(agent.id, query.state));
    // Telemetry (rule 5): not awaited, and its handler never rejects.
    void this.commands.execute(new RecordCheckIn(agent.id));
    return pulse;
  }
}
