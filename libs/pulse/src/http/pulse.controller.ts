import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { IsOptional, Matches } from 'class-validator';
import {
  AgentAuthGuard,
  ApiAgentKey,
  ApiBody2xx,
  ApiOp,
  AuthenticatedAgent,
  CurrentAgent,
  RateLimit,
  RateLimitGuard,
} from '@companion/platform';
import { CheckInTelemetry } from '../application/check-in-telemetry';
import { PulseQueries } from '../application/pulse.queries';
import { Pulse } from './pulse.responses';

export class PulseQuery {
  @ApiPropertyOptional({ pattern: '^[0-9a-f]{64}$', description: 'the previous stateToken' })
  @IsOptional()
  @Matches(/^[0-9a-f]{64}$/, {
    message: 'state must be a previous stateToken: 64 lowercase hex characters',
  })
  state?: string;
}

@ApiTags('agents')
@ApiAgentKey()
@UseGuards(AgentAuthGuard, RateLimitGuard)
@RateLimit('pulse')
@Controller('agents/me/pulse')
export class PulseController {
  constructor(
    private readonly queries: PulseQueries,
    private readonly telemetry: CheckInTelemetry,
  ) {}

  @Get()
  @ApiOp('getPulse', 'What waits for this agent; read-only, never schedules anything')
  @ApiBody2xx(200, Pulse)
  async pulse(
    @CurrentAgent() agent: AuthenticatedAgent,
    @Query() query: PulseQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    // Rule 4: private and not cacheable.
    void reply
      .header('Cache-Control', 'private, no-store')
      .header('Vary', 'Authorization')
      .header('content-type', 'application/json; charset=utf-8');
    const pulse = await this.queries.pulse(agent.id, query.state);
    void this.telemetry.record(agent.id);
    return pulse;
  }
}
