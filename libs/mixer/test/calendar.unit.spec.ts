import ICAL from 'ical.js';
import { escapeText, foldLine, icsDateTime, mixerCalendar } from '../src/domain/calendar';
import { parseMixerKey } from '../src/domain/mixer-occurrence';

const octets = (s: string) => Buffer.byteLength(s, 'utf8');

describe('iCalendar', () => {
  it('writes UTC date-times in the basic format', () => {
    expect(icsDateTime(new Date('2026-11-21T18:00:00.000Z'))).toBe('20261121T180000Z');
  });

  it('escapes TEXT per RFC 5545 §3.3.11', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    expect(escapeText('18:00 "quoted"')).toBe('18:00 "quoted"');
  });

  it('folds long lines at 75 octets without splitting a UTF-8 sequence', () => {
    const line = `DESCRIPTION:${'é'.repeat(40)}${'🎉'.repeat(20)}${'x'.repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(octets(p)).toBeLessThanOrEqual(75);
    for (const p of parts.slice(1)) expect(p.startsWith(' ')).toBe(true);
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
    expect(foldLine('X'.repeat(75))).toBe('X'.repeat(75));
  });

  it('produces an event that a real parser reads back', () => {
    const description =
      'Commas, semicolons; back\\slashes and\nnew lines — and a long line '.repeat(3);
    const text = mixerCalendar({
      occurrence: parseMixerKey('2026-11-21'),
      stampedAt: new Date('2026-11-20T10:11:12.000Z'),
      summary: 'Saturday Social, live',
      description,
      url: 'http://127.0.0.1:3000/api/v1/mixer?week=2026-11-21',
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
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
