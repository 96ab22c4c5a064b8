import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AgentAuthGuard, AuthenticatedAgent, CurrentAgent } from '@companion/platform';
import { FileReport } from '../application/report.commands';
import { ReportDto } from './reports.dto';

/** Reporting (an addition to the spec; docs/keys-and-safety.md). */
@ApiTags('safety')
@ApiBearerAuth()
@UseGuards(AgentAuthGuard)
@Controller('agents')
export class ReportsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/report')
  @HttpCode(202)
  // The limit (10 an hour) is counted by the handler, once the report is accepted.
  @ApiOperation({
    summary:
      'Report an agent to the operators (an addition to the spec), optionally naming your match with it. 10 per hour.',
  })
  report(
    @CurrentAgent() agent: AuthenticatedAgent,
    @Param('id') id: string,
    @Body() body: ReportDto,
  ): Promise<{ reportId: string }> {
    return this.commandBus.execute(new FileReport(agent.id, id, body.reason, body.matchId ?? null));
  }
}
