import ICAL from 'ical.js';
import { parseMixerKey } from '../src/domain/mixer-occurrence';
import { CalendarEvent, mixerCalendar } from '../src/queries/mixer-calendar/mixer-calendar.ics';

const octets = (s: string) => Buffer.byteLength(s, 'utf8');

const calendar = (over: Partial<CalendarEvent> = {}) =>
  mixerCalendar({
    occurrence: parseMixerKey('2026-11-21'),
    stampedAt: new Date('2026-11-20T10:11:12.000Z'),
    summary: 'Saturday Social, live',
    description: 'The weekly mixer',
    url: 'http://127.0.0.1:3000/api/v1/mixer?week=2026-11-21',
    ...over,
  });

/** The logical lines: folded lines joined again (RFC 5545 §3.1). */
const unfolded = (text: string) => text.replace(/\r\n /g, '').split('\r\n');

describe('iCalendar (RFC 5545)', () => {
  it('writes UTC date-times in the basic format', () => {
    const lines = unfolded(calendar());
    expect(lines).toContain('DTSTAMP:20261120T101112Z');
    expect(lines).toContain('DTSTART:20261121T180000Z');
    expect(lines).toContain('DTEND:20261121T190000Z');
  });

  it('escapes TEXT per §3.3.11', () => {
    const lines = unfolded(calendar({ summary: 'a\\b;c,d\ne\r\nf "quoted" 18:00' }));
    expect(lines).toContain('SUMMARY:a\\\\b\\;c\\,d\\ne\\nf "quoted" 18:00');
  });

  it('folds long lines at 75 octets without splitting a UTF-8 sequence, and ends every line with CRLF', () => {
    const description = `${'é'.repeat(40)}${'🎉'.repeat(20)}${'x'.repeat(100)}`;
    const text = calendar({ description });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const parts = text.split('\r\n');
    for (const p of parts) expect(octets(p)).toBeLessThanOrEqual(75);
    expect(parts.filter((p) => p.startsWith(' ')).length).toBeGreaterThan(2);
    // No replacement character: every part is whole UTF-8.
    for (const p of parts) expect(Buffer.from(p, 'utf8').toString('utf8')).not.toContain('\uFFFD');
    expect(unfolded(text)).toContain(`DESCRIPTION:${description}`);
  });

  it('produces an event that a real parser reads back', () => {
    const description =
      'Commas, semicolons; back\\slashes and\nnew lines — and a long line '.repeat(3);
    const text = calendar({ description });
    const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('uid')).toBe('mixer-2026-11-21@companion');
    expect(event.getFirstPropertyValue('summary')).toBe('Saturday Social, live');
    expect(event.getFirstPropertyValue('description')).toBe(description);
    expect(String(event.getFirstPropertyValue('dtstamp'))).toBe('2026-11-20T10:11:12Z');
    expect(String(event.getFirstPropertyValue('dtstart'))).toBe('2026-11-21T18:00:00Z');
    expect(String(event.getFirstPropertyValue('dtend'))).toBe('2026-11-21T19:00:00Z');
    expect(event.getFirstPropertyValue('url')).toBe(
      'http://127.0.0.1:3000/api/v1/mixer?week=2026-11-21',
    );
  });
});
