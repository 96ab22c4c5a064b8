import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AgentsModule } from '@companion/agents';
import { ActOnMixerHandler } from './application/mixer.commands';
import { MixerQueries } from './application/mixer.queries';
import { MixerController } from './http/mixer.controller';

/** The Saturday Social: occurrences, RSVP, check-in, calendar. */
@Module({
  imports: [CqrsModule, AgentsModule],
  controllers: [MixerController],
  providers: [MixerQueries, ActOnMixerHandler],
  exports: [MixerQueries],
})
export class MixerModule {}
