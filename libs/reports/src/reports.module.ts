import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AgentsModule } from '@companion/agents';
import { FileReportHandler } from './application/report.commands';
import { ReportsController } from './http/reports.controller';

/** Reports about agents, for the operators (docs/keys-and-safety.md). */
@Module({
  imports: [CqrsModule, AgentsModule],
  controllers: [ReportsController],
  providers: [FileReportHandler],
})
export class ReportsModule {}
