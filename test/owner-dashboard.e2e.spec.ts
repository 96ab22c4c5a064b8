import { createHash } from 'node:crypto';
import { hashApiKey } from '@companion/platform';
import { client, Client, matchPair, register, startApp } from './support/app';
import { secretOf, cookieFrom, ownerClient, OwnerClient, ownerWorld } from './support/owner';

/** The owner's dashboard, RSVPs through it, the /owner page, and the cookie in production. */
describe('Owner link and dashboard (e2e over HTTP, spec §5 rule 8)', () => {
  const { clock, session, fixtures } = ownerWorld();
  let api: Client;
  let owner: OwnerClient;
  beforeAll(() => {
    ({ api, owner } = fixtures());
  });

  describe('GET /owner/api/dashboard', () => {
    it('shows the profile, matches with recent messages, guided dates and the mixer — and never the key or its hash', async () => {
      const ada = await register(api, {
        name: 'Ada Lovelace',
        bio: 'Writes letters to the future.',
      });
      const bea = await register(api, { name: 'Bea' });
      const matchId = await matchPair(api, ada, bea);
      for (let i = 1; i <= 7; i++)
        await api.post(
          `/api/v1/matches/${matchId}/messages`,
          { content: `note ${i}` },
          i % 2 ? ada.key : bea.key,
        );
      const date = await api.post(
        `/api/v1/matches/${matchId}/activities`,
        { scenarioId: 'impossible-bistro' },
        ada.key,
      );
      expect(date.status).toBe(201);
      await api.post(`/api/v1/mixer/2026-11-21/rsvp`, { action: 'RSVP' }, ada.key);
      await api.post(`/api/v1/matches/${matchId}/chemistry-rating`, { rating: 0.7 }, ada.key);

      const res = await owner.dashboard(await session(ada));
      expect(res.status).toBe(200);
      expect(res.body.agent).toEqual((await api.get(`/api/v1/agents/${ada.id}`)).body);
      expect(res.body.matches).toEqual([
        {
          id: matchId,
          status: 'active',
          createdAt: expect.any(String),
          lastActivityAt: expect.any(String),
          partner: { id: bea.id, name: 'Bea', avatarUrl: null, sceneId: null },
          messageCount: 7,
          recentMessages: [3, 4, 5, 6, 7].map((n) =>
            expect.objectContaining({
              matchId,
              content: `note ${n}`,
              senderId: n % 2 ? ada.id : bea.id,
            }),
          ),
          chemistry: {
            ratings: [{ raterId: ada.id, rating: 0.7, at: expect.any(String) }],
            chart: expect.objectContaining({
              series: [expect.objectContaining({ label: 'Ada Lovelace', index: 0 })],
            }),
          },
          // The same traits and interests (agentInput's): those parts are 1.
          compatibility: {
            score: expect.any(Number),
            traits: 1,
            interests: 1,
            text: expect.any(Number),
          },
          loveStoryId: null,
        },
      ]);
      // Ada wrote last, started the date and owes its first round.
      expect(res.body.pulse).toMatchObject({
        incomingLikes: { count: 0 },
        repliesOwed: [],
        datesWaiting: [
          { id: date.body.activity.id, round: 1, partner: expect.objectContaining({ id: bea.id }) },
        ],
        mixer: { key: '2026-11-21', rsvp: 'going' },
      });
      expect(res.body.hasMoreMatches).toBe(false);
      expect(res.body.guidedDates).toEqual([
        expect.objectContaining({
          activity: expect.objectContaining({ id: date.body.activity.id, status: 'ongoing' }),
          scenario: expect.objectContaining({ id: 'impossible-bistro' }),
        }),
      ]);
      expect(res.body.mixer).toEqual((await api.get('/api/v1/mixer', ada.key)).body);
      expect(res.body.mixer).toMatchObject({ key: '2026-11-21', rsvp: 'going' });
      expect(res.headers.get('cache-control')).toBe('no-store');

      expect(res.text).not.toContain('companion_sk_');
      expect(res.text).not.toContain(ada.key);
      expect(res.text).not.toContain(hashApiKey(ada.key));
      expect(res.text).not.toMatch(/keyHash|apiKey/);
    });
  });

  describe('POST /owner/api/mixer/{key}/rsvp', () => {
    it("changes the session agent's RSVP with the mixer's own rules and codes", async () => {
      const ada = await register(api);
      const cookie = await session(ada);
      const going = await owner.rsvp('2026-11-21', 'RSVP', cookie);
      expect(going.status).toBe(200);
      expect(going.body).toMatchObject({
        rsvp: 'going',
        mixer: { key: '2026-11-21', rsvp: 'going', checkedIn: false },
      });
      expect((await api.get('/api/v1/mixer', ada.key)).body.rsvp).toBe('going');

      expect((await owner.rsvp('2026-11-21', 'CANCEL', cookie)).body.rsvp).toBe('cancelled');
      expect((await api.get('/api/v1/mixer', ada.key)).body.rsvp).toBe('cancelled');

      expect((await owner.rsvp('2026-11-21', 'CHECK_IN', cookie)).body).toMatchObject({
        statusCode: 409,
        code: 'not_live',
      });
      expect((await owner.rsvp('2027-02-20', 'RSVP', cookie)).body).toMatchObject({
        statusCode: 409,
        code: 'beyond_horizon',
      });
      expect((await owner.rsvp('2026-11-20', 'RSVP', cookie)).body).toMatchObject({
        statusCode: 400,
        code: 'not_a_saturday',
      });
      expect((await owner.rsvp('2026-02-30', 'RSVP', cookie)).body).toMatchObject({
        statusCode: 400,
        code: 'invalid_mixer_key',
      });
      expect((await owner.rsvp('2026-11-21', 'MAYBE', cookie)).status).toBe(400);
      expect(
        (
          await owner.request('POST', '/owner/api/mixer/2026-11-21/rsvp', {
            cookie,
            body: { action: 'RSVP', agentId: 'someone' },
          })
        ).status,
      ).toBe(400);
      clock.set('2026-11-21T18:30:00.000Z');
      expect((await owner.rsvp('2026-11-21', 'CHECK_IN', cookie)).body).toMatchObject({
        rsvp: 'checked_in',
      });
    });

    it('needs the owner header and a session', async () => {
      const ada = await register(api);
      const cookie = await session(ada);
      expect((await owner.rsvp('2026-11-21', 'RSVP', cookie, false)).status).toBe(403);
      expect((await owner.rsvp('2026-11-21', 'RSVP')).status).toBe(401);
      expect((await api.get('/api/v1/mixer', ada.key)).body.rsvp).toBe('none');
    });
  });

  describe('GET /owner', () => {
    it('serves one self-contained page, outside /api/v1, under a strict CSP', async () => {
      const res = await owner.request('GET', '/owner', { header: false });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      const inline = (tag: string) =>
        new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(res.text)![1];
      const hash = (text: string) =>
        `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
      expect(csp).toContain(`script-src ${hash(inline('script'))}`);
      expect(csp).toContain(`style-src ${hash(inline('style'))}`);
      expect(res.text).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet|innerHTML/);
      expect((await api.get('/api/v1/owner')).status).toBe(404);
    });
  });
});

describe('Owner cookie in production', () => {
  it('is marked Secure when NODE_ENV=production', async () => {
    const running = await startApp({ env: { NODE_ENV: 'production' } });
    try {
      const api = client(running.baseUrl);
      const ada = await register(api);
      const link = await api.post('/api/v1/agents/me/owner-link', undefined, ada.key);
      const owner = ownerClient(running.baseUrl);
      const res = await owner.redeem(secretOf(link.body.ownerUrl));
      expect(res.status).toBe(201);
      expect(res.headers.get('set-cookie')).toMatch(
        /; HttpOnly; SameSite=Strict; Path=\/owner; Max-Age=2592000; Secure$/,
      );
      const out = await owner.disconnect(cookieFrom(res.headers.get('set-cookie')));
      expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0; Secure$/);
    } finally {
      await running.close();
    }
  });
});
