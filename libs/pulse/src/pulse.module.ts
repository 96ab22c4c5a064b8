import { Module } from '@nestjs/common';
import { AgentsModule } from '@companion/agents';
import { CheckInTelemetry } from './application/check-in-telemetry';
import { PulseQueries } from './application/pulse.queries';
import { PulseController } from './http/pulse.controller';

/** The pulse composition (read-only) and its check-in telemetry. */
@Module({
  imports: [AgentsModule],
  controllers: [PulseController],
  providers: [PulseQueries, CheckInTelemetry],
  exports: [PulseQueries],
})
export class PulseModule {}
