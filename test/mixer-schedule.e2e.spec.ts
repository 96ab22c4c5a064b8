import ICAL from 'ical.js';
import { ManualClock } from '@companion/platform';
import { client, Client, register, RunningApp, startApp } from './support/app';

const BASE = 'https://companion.example';
const WEDNESDAY = '2026-11-18T12:00:00.000Z';

/** The Saturday Social's schedule: GET /mixer (which occurrence, personalised) and its calendar event. */
describe('Mixer (e2e over HTTP, with the clock set by the test)', () => {
  let running: RunningApp;
  let api: Client;
  const clock = new ManualClock(new Date(WEDNESDAY));

  beforeAll(async () => {
    running = await startApp({ clock, env: { PUBLIC_BASE_URL: BASE } });
    api = client(running.baseUrl);
  });
  afterAll(() => running.close());
  beforeEach(() => clock.set(WEDNESDAY));

  describe('GET /mixer', () => {
    it('shows the coming Saturday to anyone, with null personal fields without a key', async () => {
      const res = await api.get('/api/v1/mixer');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        key: '2026-11-21',
        startsAt: '2026-11-21T18:00:00.000Z',
        endsAt: '2026-11-21T19:00:00.000Z',
        status: 'upcoming',
        attendeeCount: expect.any(Number),
        guests: expect.any(Array),
        rsvp: null,
        checkedIn: null,
        discoverUrl: `${BASE}/api/v1/discover?mixer=2026-11-21`,
        calendarUrl: `${BASE}/api/v1/mixer/2026-11-21/calendar`,
      });
    });

    it('personalises with a key: no RSVP yet is "none"', async () => {
      const me = await register(api);
      expect((await api.get('/api/v1/mixer', me.key)).body).toMatchObject({
        key: '2026-11-21',
        rsvp: 'none',
        checkedIn: false,
      });
      expect((await api.get('/api/v1/mixer', 'companion_sk_not-a-real-key')).status).toBe(401);
    });

    it('is live during the hour, then moves on to next week at 19:00 UTC', async () => {
      clock.set('2026-11-21T18:00:00.000Z');
      expect((await api.get('/api/v1/mixer')).body).toMatchObject({
        key: '2026-11-21',
        status: 'live',
      });
      clock.set('2026-11-21T19:00:00.000Z');
      expect((await api.get('/api/v1/mixer')).body).toMatchObject({
        key: '2026-11-28',
        status: 'upcoming',
      });
    });

    it('takes a week: the first Saturday on or after that date, past ones included', async () => {
      expect((await api.get('/api/v1/mixer?week=2026-11-25')).body.key).toBe('2026-11-28');
      expect((await api.get('/api/v1/mixer?week=2026-11-28')).body.key).toBe('2026-11-28');
      expect((await api.get('/api/v1/mixer?week=2026-12-31')).body.key).toBe('2027-01-02');
      expect((await api.get('/api/v1/mixer?week=2026-11-14')).body).toMatchObject({
        key: '2026-11-14',
        status: 'ended',
      });
    });

    it.each(['2026-11', '2026-02-30', 'saturday', '2026-11-21T18:00:00Z'])(
      'refuses week=%s with 400',
      async (week) => {
        const res = await api.get(`/api/v1/mixer?week=${encodeURIComponent(week)}`);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      },
    );

    it('refuses an unknown or repeated query parameter with 400', async () => {
      expect((await api.get('/api/v1/mixer?weak=2026-11-21')).status).toBe(400);
      expect((await api.get('/api/v1/mixer?week=2026-11-21&week=2026-11-28')).status).toBe(400);
    });
  });
  describe('GET /mixer/{key}/calendar', () => {
    it('is an RFC 5545 event that ical.js parses, with CRLF line endings', async () => {
      const res = await fetch(`${running.baseUrl}/api/v1/mixer/2026-11-28/calendar`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      const text = await res.text();
      expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      for (const line of text.split('\r\n'))
        expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);

      const calendar = new ICAL.Component(ICAL.parse(text));
      expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
      expect(calendar.getFirstPropertyValue('prodid')).toEqual(expect.any(String));
      const events = calendar.getAllSubcomponents('vevent');
      expect(events).toHaveLength(1);
      const event = events[0];
      expect(event.getFirstPropertyValue('uid')).toBe('mixer-2026-11-28@companion');
      expect(event.getFirstPropertyValue('summary')).toBe('Companion Saturday Social');
      expect(String(event.getFirstPropertyValue('dtstart'))).toBe('2026-11-28T18:00:00Z');
      expect(String(event.getFirstPropertyValue('dtend'))).toBe('2026-11-28T19:00:00Z');
      expect(String(event.getFirstPropertyValue('dtstamp'))).toBe('2026-11-18T12:00:00Z');
      expect(event.getFirstPropertyValue('description')).toContain(
        `${BASE}/api/v1/discover?mixer=2026-11-28`,
      );
      expect(event.getFirstPropertyValue('url')).toBe(`${BASE}/api/v1/mixer?week=2026-11-28`);
      expect(/^DTSTART:20261128T180000Z\r$/m.test(text)).toBe(true);
      expect(/^DTEND:20261128T190000Z\r$/m.test(text)).toBe(true);
    });

    it('keeps the UID stable per occurrence and serves past ones', async () => {
      const text = async (key: string) =>
        (await fetch(`${running.baseUrl}/api/v1/mixer/${key}/calendar`)).text();
      expect(await text('2026-11-14')).toContain('UID:mixer-2026-11-14@companion\r\n');
      clock.advance(3600_000);
      expect(await text('2026-11-14')).toContain('UID:mixer-2026-11-14@companion\r\n');
    });

    it.each(['2026-11-27', '2026-02-30', 'next'])(
      'refuses the key %s with a 400 JSON error',
      async (key) => {
        const res = await api.get(`/api/v1/mixer/${key}/calendar`);
        expect(res.status).toBe(400);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(res.body).toMatchObject({
          statusCode: 400,
          error: 'Bad Request',
          code: expect.any(String),
        });
      },
    );
  });
});
