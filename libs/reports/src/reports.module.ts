import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AgentsModule } from '@companion/agents';
import { FileReportController } from './commands/file-report/file-report.controller';
import { FileReportHandler } from './commands/file-report/file-report.handler';

/** Reports about agents, for the operators (docs/keys-and-safety.md). */
@Module({
  imports: [CqrsModule, AgentsModule],
  controllers: [FileReportController],
  providers: [FileReportHandler],
})
export class ReportsModule {}
