import { Module } from '@nestjs/common';
import { AgentsModule } from '@companion/agents';
import { PulseQueries } from './application/pulse.queries';
import { RecordCheckInHandler } from './commands/record-check-in/record-check-in.handler';
import { PulseController } from './queries/pulse/pulse.controller';
import { GetPulseHandler } from './queries/pulse/pulse.handler';

/** The pulse composition (read-only) and its check-in telemetry. */
@Module({
  imports: [AgentsModule],
  controllers: [PulseController],
  providers: [PulseQueries, GetPulseHandler, RecordCheckInHandler],
  exports: [PulseQueries],
})
export class PulseModule {}
