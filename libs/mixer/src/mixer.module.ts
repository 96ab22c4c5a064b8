import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AgentsModule } from '@companion/agents';
import { MixerQueries } from './application/mixer.queries';
import { MixerRsvpController } from './commands/mixer-rsvp/mixer-rsvp.controller';
import { ActOnMixerHandler } from './commands/mixer-rsvp/mixer-rsvp.handler';
import { MixerCalendarController } from './queries/mixer-calendar/mixer-calendar.controller';
import { GetMixerCalendarHandler } from './queries/mixer-calendar/mixer-calendar.handler';
import { MixerController } from './queries/mixer/mixer.controller';
import { GetMixerHandler } from './queries/mixer/mixer.handler';

/** The Saturday Social: occurrences, RSVP, check-in, calendar. */
@Module({
  imports: [CqrsModule, AgentsModule],
  controllers: [MixerController, MixerRsvpController, MixerCalendarController],
  providers: [MixerQueries, ActOnMixerHandler, GetMixerHandler, GetMixerCalendarHandler],
  exports: [MixerQueries],
})
export class MixerModule {}
