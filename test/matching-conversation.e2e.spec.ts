import { client, Client, matchPair, register, RunningApp, startApp } from './support/app';

type Agent = Awaited<ReturnType<typeof register>>;

/** A match's conversation (messages, pages) and its chemistry ratings (break-up, reconciliation). */
describe('Swipes, matches, conversation and chemistry (e2e over HTTP)', () => {
  let running: RunningApp;
  let api: Client;

  beforeAll(async () => {
    running = await startApp();
    api = client(running.baseUrl);
  });
  afterAll(() => running.close());

  describe('messages', () => {
    let a: Agent;
    let b: Agent;
    let matchId: string;
    beforeAll(async () => {
      [a, b] = [await register(api), await register(api)];
      matchId = await matchPair(api, a, b);
    });

    it('POST answers 201 with the message', async () => {
      const res = await api.post(
        `/api/v1/matches/${matchId}/messages`,
        { content: 'Hi 👋' },
        a.key,
      );
      expect(res.status).toBe(201);
      expect(res.body.message).toEqual({
        id: expect.any(String),
        matchId,
        senderId: a.id,
        content: 'Hi 👋',
        createdAt: expect.any(String),
      });
      // The list shows the message as the POST answered it, its id included.
      const list = await api.get(`/api/v1/matches/${matchId}/messages`, b.key);
      expect(list.body.messages[0]).toEqual(res.body.message);
    });

    it.each<[string, unknown]>([
      ['empty content', { content: '' }],
      ['content over 5000', { content: 'x'.repeat(5001) }],
      ['content not a string', { content: 5 }],
      ['no content', {}],
      ['an extra field', { content: 'hi', senderId: 'someone' }],
    ])('refuses %s with 400', async (_, body) => {
      expect((await api.post(`/api/v1/matches/${matchId}/messages`, body, a.key)).status).toBe(400);
    });

    it('accepts exactly 5000 characters', async () => {
      expect(
        (
          await api.post(
            `/api/v1/matches/${matchId}/messages`,
            { content: 'y'.repeat(5000) },
            b.key,
          )
        ).status,
      ).toBe(201);
    });

    it('refuses a non-participant (403), an unknown match (404) and no key (401)', async () => {
      const outsider = await register(api);
      expect(
        (
          await api.post(
            `/api/v1/matches/${matchId}/messages`,
            { content: 'let me in' },
            outsider.key,
          )
        ).status,
      ).toBe(403);
      expect((await api.get(`/api/v1/matches/${matchId}/messages`, outsider.key)).status).toBe(403);
      expect(
        (await api.post('/api/v1/matches/nope/messages', { content: 'hi' }, a.key)).status,
      ).toBe(404);
      expect(
        (await api.post(`/api/v1/matches/${matchId}/messages`, { content: 'hi' })).status,
      ).toBe(401);
    });

    it('lists newest first and pages with a cursor', async () => {
      const [x, y] = [await register(api), await register(api)];
      const id = await matchPair(api, x, y);
      for (let i = 1; i <= 7; i++)
        await api.post(
          `/api/v1/matches/${id}/messages`,
          { content: `m${i}` },
          i % 2 ? x.key : y.key,
        );
      const first = await api.get(`/api/v1/matches/${id}/messages?limit=3`, y.key);
      expect(first.body.messages.map((m: { content: string }) => m.content)).toEqual([
        'm7',
        'm6',
        'm5',
      ]);
      const second = await api.get(
        `/api/v1/matches/${id}/messages?limit=3&cursor=${first.body.nextCursor}`,
        y.key,
      );
      expect(second.body.messages.map((m: { content: string }) => m.content)).toEqual([
        'm4',
        'm3',
        'm2',
      ]);
      const last = await api.get(
        `/api/v1/matches/${id}/messages?limit=3&cursor=${second.body.nextCursor}`,
        y.key,
      );
      expect(last.body).toEqual({
        messages: [expect.objectContaining({ content: 'm1' })],
        nextCursor: null,
      });
      expect((await api.get(`/api/v1/matches/${id}/messages`, x.key)).body.messages).toHaveLength(
        7,
      );
    });

    it.each(['limit=0', 'limit=101', 'limit=x', 'cursor=zzz', 'other=1'])(
      'refuses ?%s with 400',
      async (q) => {
        expect((await api.get(`/api/v1/matches/${matchId}/messages?${q}`, a.key)).status).toBe(400);
      },
    );

    it('defaults to 50 messages a page', async () => {
      const [x, y] = [await register(api), await register(api)];
      const id = await matchPair(api, x, y);
      for (let i = 0; i < 52; i++)
        await api.post(`/api/v1/matches/${id}/messages`, { content: `n${i}` }, x.key);
      const page = await api.get(`/api/v1/matches/${id}/messages`, y.key);
      expect(page.body.messages).toHaveLength(50);
      expect(page.body.nextCursor).toEqual(expect.any(String));
      expect(
        (await api.get(`/api/v1/matches/${id}/messages?limit=100`, y.key)).body.messages,
      ).toHaveLength(52);
    });
  });

  describe('POST /matches/{id}/chemistry-rating', () => {
    it('answers 200 with the rating and the updated scores and status', async () => {
      const [a, b] = [await register(api), await register(api)];
      const id = await matchPair(api, a, b);
      const res = await api.post(
        `/api/v1/matches/${id}/chemistry-rating`,
        { rating: 0.8, reason: 'We laughed.' },
        a.key,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        rating: {
          matchId: id,
          agentId: a.id,
          rating: 0.8,
          reason: 'We laughed.',
          ratedAt: expect.any(String),
        },
        match: {
          id,
          status: 'active',
          chemistry: { byAgent: { [a.id]: 0.8, [b.id]: null }, average: 0.8, ratingsCount: 1 },
        },
      });
      const again = await api.post(
        `/api/v1/matches/${id}/chemistry-rating`,
        { rating: 0.4 },
        b.key,
      );
      expect(again.body.match.chemistry.average).toBeCloseTo(0.6);
      expect(again.body.rating.reason).toBeNull();
      const list = await api.get('/api/v1/matches', a.key);
      expect(list.body.matches[0].messageCount).toBe(0); // ratings are not messages
    });

    it('breaks up below 0.2 (messages closed, 409) and reconciles when both rate 0.6 or more', async () => {
      const [a, b] = [await register(api), await register(api)];
      const id = await matchPair(api, a, b);
      const broke = await api.post(
        `/api/v1/matches/${id}/chemistry-rating`,
        { rating: 0.1 },
        a.key,
      );
      expect(broke.body.match.status).toBe('broken_up');
      const closed = await api.post(`/api/v1/matches/${id}/messages`, { content: 'wait' }, b.key);
      expect(closed.status).toBe(409);
      expect(closed.body.code).toBe('relationship_broken_up');
      expect((await api.get(`/api/v1/matches/${id}/messages`, b.key)).status).toBe(200); // still readable
      expect((await api.get(`/api/v1/matches/${id}`, b.key)).body.status).toBe('broken_up');
      expect(
        (await api.post(`/api/v1/matches/${id}/chemistry-rating`, { rating: 0.9 }, b.key)).body
          .match.status,
      ).toBe('broken_up');
      expect(
        (await api.post(`/api/v1/matches/${id}/chemistry-rating`, { rating: 0.6 }, a.key)).body
          .match.status,
      ).toBe('active');
      expect(
        (await api.post(`/api/v1/matches/${id}/messages`, { content: 'again' }, b.key)).status,
      ).toBe(201);
    });

    it.each<[string, unknown]>([
      ['a rating below 0', { rating: -0.01 }],
      ['a rating above 1', { rating: 1.01 }],
      ['a rating as a string', { rating: '0.5' }],
      ['no rating', { reason: 'x' }],
      ['a reason over 1000', { rating: 0.5, reason: 'r'.repeat(1001) }],
      ['an extra field', { rating: 0.5, stars: 5 }],
    ])('refuses %s with 400', async (_, body) => {
      const [a, b] = [await register(api), await register(api)];
      const id = await matchPair(api, a, b);
      expect((await api.post(`/api/v1/matches/${id}/chemistry-rating`, body, a.key)).status).toBe(
        400,
      );
    });

    it('accepts the bounds 0 and 1 and a 1000-character reason; refuses non-participants', async () => {
      const [a, b, c] = [await register(api), await register(api), await register(api)];
      const id = await matchPair(api, a, b);
      expect(
        (
          await api.post(
            `/api/v1/matches/${id}/chemistry-rating`,
            { rating: 1, reason: 'r'.repeat(1000) },
            a.key,
          )
        ).status,
      ).toBe(200);
      expect(
        (await api.post(`/api/v1/matches/${id}/chemistry-rating`, { rating: 0 }, b.key)).status,
      ).toBe(200);
      expect(
        (await api.post(`/api/v1/matches/${id}/chemistry-rating`, { rating: 0.5 }, c.key)).status,
      ).toBe(403);
    });
  });
});
