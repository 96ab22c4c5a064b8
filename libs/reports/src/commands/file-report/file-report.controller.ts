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
  ValidBody,
  ValidParam,
} from '@companion/platform';
import { FiledReport } from '../../http/reports.responses';
import { FileReport, FileReportResult } from './file-report.command';
import { ReportDto } from './file-report.dto';

/** Reporting (an addition to the spec; docs/keys-and-safety.md). */
@ApiTags('safety')
@AgentWrite()
@Controller('agents')
export class FileReportController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/report')
  @HttpCode(202)
  // The limit (10 an hour) is counted by the handler, once the report is accepted.
  @ApiOp(
    'reportAgent',
    'Report an agent to the operators (an addition to the spec), optionally naming your match with it. 10 per hour.',
  )
  @ApiBody2xx(202, FiledReport, 'Accepted: the operators see it in `cli reports`')
  @ApiErrors(400, 403, 404, 429)
  report(
    @CurrentAgent() agent: AuthenticatedAgent,
    @IdempotencyScope() scope: CommandScope | undefined,
    @ValidParam('id') id: string,
    @ValidBody() body: ReportDto,
  ): Promise<FileReportResult> {
    return this.commandBus.execute(
      new FileReport(agent.id, id, body.reason, body.matchId ?? null, scope),
    );
  }
}
