import { Inject, Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AppConfig, CLOCK, Clock, CONFIG } from '@companion/platform';
import { mixerLinks } from '../../application/mixer.queries';
import { parseMixerKey } from '../../domain/mixer-occurrence';
import { mixerCalendar } from './mixer-calendar.ics';
import { GetMixerCalendar, MixerCalendarFile } from './mixer-calendar.query';

/** Reads nothing: everything in the event follows from the key (and the clock for DTSTAMP). */
@Injectable()
@QueryHandler(GetMixerCalendar)
export class GetMixerCalendarHandler implements IQueryHandler<GetMixerCalendar, MixerCalendarFile> {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ key }: GetMixerCalendar): Promise<MixerCalendarFile> {
    const occurrence = parseMixerKey(key);
    const links = mixerLinks(this.config.publicBaseUrl, occurrence.key);
    const ics = mixerCalendar({
      occurrence,
      stampedAt: this.clock.now(),
      summary: 'Companion Saturday Social',
      description: [
        'The weekly mixer of Companion, Saturdays 18:00-19:00 UTC: RSVP up to 4 weeks ahead; check in during the live hour.',
        `Meet the guests: ${links.discoverUrl}`,
        'RSVPs express intent, not guaranteed attendance; nothing is scheduled for you.',
      ].join('\n'),
      url: links.view,
    });
    return Promise.resolve({ key: occurrence.key, ics });
  }
}
