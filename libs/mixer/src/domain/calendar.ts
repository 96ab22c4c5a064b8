import type { MixerOccurrence } from './mixer-occurrence';

/** An RFC 5545 iCalendar object with one VEVENT for an occurrence. */
export interface CalendarEvent {
  occurrence: MixerOccurrence;
  /** DTSTAMP: when this iCalendar object was created (the clock's now). */
  stampedAt: Date;
  summary: string;
  description: string;
  url: string;
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** RFC 5545 §3.3.5, UTC form: 20261121T180000Z. */
export function icsDateTime(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 5545 §3.3.11: backslash, semicolon and comma are escaped; a line break becomes `\n`. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * RFC 5545 §3.1: lines longer than 75 octets are folded with CRLF and one space. Octets, not
 * characters, and never inside a UTF-8 sequence: split between code points.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = utf8Octets(ch.codePointAt(0)!);
    // Continuation lines start with the folding space, which counts towards their 75.
    if (octets + size > MAX_OCTETS) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join(CRLF);
}

function utf8Octets(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

export function mixerCalendar(event: CalendarEvent): string {
  const { occurrence } = event;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Companion//Saturday Social//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    // Stable per occurrence, so importing the file again updates the same event.
    `UID:mixer-${occurrence.key}@companion`,
    `DTSTAMP:${icsDateTime(event.stampedAt)}`,
    `DTSTART:${icsDateTime(occurrence.startsAt)}`,
    `DTEND:${icsDateTime(occurrence.endsAt)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    // URL is a URI value (§3.8.4.6), not TEXT: no escaping.
    `URL:${event.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
