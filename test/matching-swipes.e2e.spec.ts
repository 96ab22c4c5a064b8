import { EVENT_STORE, EventStore } from '@companion/event-store';
import { client, Client, matchPair, register, RunningApp, startApp } from './support/app';

/** Swipes and the matches they make, and the public leaderboard of likes and matches. */
describe('Swipes, matches, conversation and chemistry (e2e over HTTP)', () => {
  let running: RunningApp;
  let api: Client;

  beforeAll(async () => {
    running = await startApp();
    api = client(running.baseUrl);
  });
  afterAll(() => running.close());

  describe('POST /swipe', () => {
    it('records a like without a match, then creates the match on the mutual like', async () => {
      const [a, b] = [await register(api), await register(api)];
      const first = await api.post('/api/v1/swipe', { targetAgentId: b.id, liked: true }, a.key);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ swiped: true, liked: true, match: null });
      const second = await api.post('/api/v1/swipe', { targetAgentId: a.id, liked: true }, b.key);
      expect(second.body).toEqual({ swiped: true, liked: true, match: { id: expect.any(String) } });
      const matches = await api.get('/api/v1/matches', a.key);
      expect(matches.body.matches.map((m: { id: string }) => m.id)).toEqual([second.body.match.id]);
    });

    it('answers a repeated swipe with the same answer and refuses a changed one', async () => {
      const [a, b] = [await register(api), await register(api)];
      const id = await matchPair(api, a, b);
      expect(
        (await api.post('/api/v1/swipe', { targetAgentId: b.id, liked: true }, a.key)).body,
      ).toEqual({ swiped: true, liked: true, match: { id } });
      const changed = await api.post('/api/v1/swipe', { targetAgentId: b.id, liked: false }, a.key);
      expect(changed.status).toBe(409);
      expect(changed.body.code).toBe('swipe_final');
      const c = await register(api);
      await api.post('/api/v1/swipe', { targetAgentId: c.id, liked: false }, a.key);
      expect(
        (await api.post('/api/v1/swipe', { targetAgentId: c.id, liked: false }, a.key)).body,
      ).toEqual({ swiped: true, liked: false, match: null });
    });

    it('refuses a swipe on oneself (400), on an unknown agent (404) and on a deleted one (404)', async () => {
      const [a, gone] = [await register(api), await register(api)];
      expect(
        (await api.post('/api/v1/swipe', { targetAgentId: a.id, liked: true }, a.key)).status,
      ).toBe(400);
      expect(
        (
          await api.post(
            '/api/v1/swipe',
            { targetAgentId: '00000000-0000-4000-8000-000000000000', liked: true },
            a.key,
          )
        ).status,
      ).toBe(404);
      await api.delete('/api/v1/agents/me', gone.key);
      expect(
        (await api.post('/api/v1/swipe', { targetAgentId: gone.id, liked: true }, a.key)).status,
      ).toBe(404);
    });

    it.each<[string, unknown]>([
      ['no body fields', {}],
      ['no liked', { targetAgentId: 'x' }],
      ['an empty targetAgentId', { targetAgentId: '', liked: true }],
      ['liked as a string', { targetAgentId: 'x', liked: 'true' }],
      ['targetAgentId as a number', { targetAgentId: 7, liked: true }],
      ['an extra field', { targetAgentId: 'x', liked: true, superLike: true }],
    ])('refuses %s with 400', async (_, body) => {
      const a = await register(api);
      expect((await api.post('/api/v1/swipe', body, a.key)).status).toBe(400);
    });

    it('needs a key', async () => {
      expect((await api.post('/api/v1/swipe', { targetAgentId: 'x', liked: true })).status).toBe(
        401,
      );
    });

    it('creates exactly one match when both like each other at the same moment, every time', async () => {
      const pairs = await Promise.all(
        Array.from({ length: 25 }, async () => [await register(api), await register(api)] as const),
      );
      const answers = await Promise.all(
        pairs.map(([a, b]) =>
          Promise.all([
            api.post('/api/v1/swipe', { targetAgentId: b.id, liked: true }, a.key),
            api.post('/api/v1/swipe', { targetAgentId: a.id, liked: true }, b.key),
          ]),
        ),
      );
      for (const [[a], [ra, rb]] of pairs.map((p, i) => [p, answers[i]] as const)) {
        expect([ra.status, rb.status]).toEqual([200, 200]);
        const ids = [ra.body.match?.id, rb.body.match?.id].filter(Boolean);
        expect(ids.length).toBeGreaterThanOrEqual(1);
        expect(new Set(ids).size).toBe(1);
        expect((await api.get('/api/v1/matches', a.key)).body.matches).toHaveLength(1);
      }
      const store = running.app.get<EventStore>(EVENT_STORE);
      const pairIds = new Set(pairs.flatMap(([a, b]) => [a.id, b.id]));
      const created = (
        await store.readAll({ maxCount: 100_000, filter: { eventTypes: ['MatchCreated'] } })
      ).filter((e) => (e.data as { agentIds: string[] }).agentIds.every((id) => pairIds.has(id)));
      expect(created).toHaveLength(25);
    });
  });

  describe('matches', () => {
    it('lists matches with partner, latest message, count, chemistry and status; detail for participants only', async () => {
      const [a, b, outsider] = [
        await register(api, { name: 'Alma' }),
        await register(api, { name: 'Bram' }),
        await register(api),
      ];
      const id = await matchPair(api, a, b);
      await api.post(`/api/v1/matches/${id}/messages`, { content: 'Hello Bram' }, a.key);
      const list = await api.get('/api/v1/matches', b.key);
      expect(list.body.matches[0]).toMatchObject({
        id,
        status: 'active',
        partner: { id: a.id, name: 'Alma' },
        messageCount: 1,
        latestMessage: { senderId: a.id, content: 'Hello Bram', fromPartner: true },
        chemistry: { average: null, ratingsCount: 0 },
      });
      const detail = await api.get(`/api/v1/matches/${id}`, a.key);
      expect(detail.status).toBe(200);
      expect(detail.body.participants.map((p: { id: string }) => p.id).sort()).toEqual(
        [a.id, b.id].sort(),
      );
      expect((await api.get(`/api/v1/matches/${id}`, outsider.key)).status).toBe(403);
      expect(
        (await api.get('/api/v1/matches/00000000-0000-4000-8000-000000000000', a.key)).status,
      ).toBe(404);
      expect((await api.get(`/api/v1/matches/${id}`)).status).toBe(401);
    });

    it('hides a match once a participant deletes their profile', async () => {
      const [a, b] = [await register(api), await register(api)];
      const id = await matchPair(api, a, b);
      await api.delete('/api/v1/agents/me', b.key);
      expect((await api.get('/api/v1/matches', a.key)).body.matches).toEqual([]);
      expect((await api.get(`/api/v1/matches/${id}`, a.key)).status).toBe(404);
      expect(
        (await api.post(`/api/v1/matches/${id}/messages`, { content: 'anyone?' }, a.key)).status,
      ).toBe(404);
    });
  });

  describe('GET /leaderboard', () => {
    it('ranks by likes received or by matches, public, with a limit', async () => {
      const local = await startApp();
      const l = client(local.baseUrl);
      try {
        const [star, b, c, d] = [
          await register(l, { name: 'Star' }),
          await register(l),
          await register(l),
          await register(l),
        ];
        for (const fan of [b, c, d])
          await l.post('/api/v1/swipe', { targetAgentId: star.id, liked: true }, fan.key);
        await l.post('/api/v1/swipe', { targetAgentId: b.id, liked: true }, star.key);
        await l.post('/api/v1/swipe', { targetAgentId: c.id, liked: true }, d.key);
        const likes = await l.get('/api/v1/leaderboard');
        expect(likes.status).toBe(200);
        expect(likes.body.sortBy).toBe('likesReceived');
        expect(likes.body.entries[0]).toEqual({
          rank: 1,
          agent: expect.objectContaining({ id: star.id, name: 'Star' }),
          likesReceived: 3,
          matchCount: 1,
        });
        const matches = await l.get('/api/v1/leaderboard?sortBy=matchCount&limit=2');
        expect(matches.body.entries).toHaveLength(2);
        expect(matches.body.entries.map((e: { matchCount: number }) => e.matchCount)).toEqual([
          1, 1,
        ]);
        for (const q of ['sortBy=name', 'limit=0', 'limit=101', 'limit=two'])
          expect((await l.get(`/api/v1/leaderboard?${q}`)).status).toBe(400);
      } finally {
        await local.close();
      }
    });
  });
});
