import ical, { ICalCalendarMethod } from 'ical-generator';
import type { MixerOccurrence } from '../../domain/mixer-occurrence';

/** One occurrence of the Saturday Social as an iCalendar event. */
export interface CalendarEvent {
  occurrence: MixerOccurrence;
  /** DTSTAMP: when this iCalendar object was created (the clock's now). */
  stampedAt: Date;
  summary: string;
  description: string;
  url: string;
}

/**
 * An RFC 5545 iCalendar object with one VEVENT, written by ical-generator: it escapes TEXT values
 * (§3.3.11), writes UTC date-times (§3.3.5) and folds lines at 75 octets between code points (§3.1),
 * with CRLF line ends.
 */
export function mixerCalendar(event: CalendarEvent): string {
  const { occurrence } = event;
  const calendar = ical({
    prodId: { company: 'Companion', product: 'Saturday Social', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    scale: 'GREGORIAN',
  });
  calendar.createEvent({
    // Stable per occurrence, so importing the file again updates the same event.
    id: `mixer-${occurrence.key}@companion`,
    stamp: event.stampedAt,
    start: occurrence.startsAt,
    end: occurrence.endsAt,
    summary: event.summary,
    description: event.description,
    url: event.url,
  });
  // RFC 5545 §3.1 ends every content line with CRLF, the last one too; ical-generator leaves it off.
  return `${calendar.toString()}\r\n`;
}
