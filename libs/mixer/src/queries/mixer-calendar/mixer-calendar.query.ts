import { Query } from '@nestjs/cqrs';

/** An occurrence as an iCalendar file. */
export interface MixerCalendarFile {
  /** The occurrence's key, which names the file. */
  key: string;
  /** The VCALENDAR text (RFC 5545). */
  ics: string;
}

export class GetMixerCalendar extends Query<MixerCalendarFile> {
  constructor(readonly key: string) {
    super();
  }
}
