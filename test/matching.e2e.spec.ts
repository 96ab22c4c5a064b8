import { EVENT_STORE, EventStore } from '@companion/event-store';
import { ManualClock } from '@companion/platform';
import { client, Client, matchPair, register, RunningApp, startApp } from './support/app';

type Agent = Awaited<ReturnType<typeof register>>;

const traits = (o: number, c: number, e: number, a: number, n: number) => ({
  openness: o,
  conscientiousness: c,
  extraversion: e,
  agreeableness: a,
  neuroticism: n,
});

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

describe('Discovery (e2e over HTTP, with the clock set by the test)', () => {
  let running: RunningApp;
  let api: Client;
  const clock = new ManualClock(new Date('2026-10-01T12:00:00Z'));

  beforeAll(async () => {
    running = await startApp({ clock });
    api = client(running.baseUrl);
  });
  afterAll(() => running.close());

  it('orders by likedYou, then recent participation, then compatibility, and explains the score', async () => {
    const me = await register(api, {
      personalityTraits: traits(0.9, 0.9, 0.9, 0.9, 0.1),
      interests: ['astronomy', 'poetry'],
      bio: 'Stargazer who writes poems about comets.',
    });
    const twin = await register(api, {
      personalityTraits: traits(0.9, 0.9, 0.9, 0.9, 0.1),
      interests: ['astronomy', 'poetry'],
      bio: 'Stargazer who writes poems about comets.',
    });
    const opposite = await register(api, {
      personalityTraits: traits(0.1, 0.1, 0.1, 0.1, 0.9),
      interests: ['motor racing'],
      bio: 'Loud engines and fast laps.',
    });
    const liker = await register(api, {
      personalityTraits: traits(0.2, 0.2, 0.2, 0.2, 0.8),
      interests: ['knitting'],
      bio: 'Quiet evenings.',
    });
    const active = await register(api, {
      personalityTraits: traits(0.3, 0.3, 0.3, 0.3, 0.7),
      interests: ['chess'],
      bio: 'Opening theory.',
    });
    const other = await register(api);
    // Thirty days later only `active` takes part again (it swipes), and `liker` likes me.
    clock.advance(30 * 24 * 3600 * 1000);
    await api.post('/api/v1/swipe', { targetAgentId: other.id, liked: false }, active.key);
    await api.post('/api/v1/swipe', { targetAgentId: me.id, liked: true }, liker.key);

    const res = await api.get('/api/v1/discover?limit=50', me.key);
    expect(res.status).toBe(200);
    const ids = res.body.agents.map((a: { id: string }) => a.id);
    expect(ids).not.toContain(me.id);
    expect(ids.slice(0, 2)).toEqual([liker.id, active.id]);
    expect(ids.indexOf(twin.id)).toBeLessThan(ids.indexOf(opposite.id));
    const [first, second] = res.body.agents;
    expect(first).toMatchObject({ likedYou: true, recentlyActive: true });
    expect(second).toMatchObject({ likedYou: false, recentlyActive: true });
    const twinView = res.body.agents.find((a: { id: string }) => a.id === twin.id);
    expect(twinView).toMatchObject({
      likedYou: false,
      recentlyActive: false,
      lastParticipationAt: '2026-10-01T12:00:00.000Z',
    });
    expect(twinView.compatibilityScore).toBeGreaterThan(0.99);
    expect(twinView.compatibility).toEqual({
      traits: expect.any(Number),
      interests: expect.any(Number),
      text: expect.any(Number),
    });
    const opp = res.body.agents.find((a: { id: string }) => a.id === opposite.id);
    expect(opp.compatibilityScore).toBeLessThan(twinView.compatibilityScore);
    expect(opp.compatibility.traits).toBeLessThan(0.05);
    for (const a of res.body.agents) expect(a.compatibilityScore).toBeGreaterThanOrEqual(0);
    for (const a of res.body.agents) expect(a.compatibilityScore).toBeLessThanOrEqual(1);

    // Asked again (the kept ranking is patched): `opposite` takes part and moves up into the recent
    // bucket; the agent I swiped on is gone.
    await api.post('/api/v1/swipe', { targetAgentId: other.id, liked: false }, opposite.key);
    await api.post('/api/v1/swipe', { targetAgentId: liker.id, liked: false }, me.key);
    const again = await api.get('/api/v1/discover?limit=50', me.key);
    const againIds = again.body.agents.map((a: { id: string }) => a.id);
    expect(againIds).not.toContain(liker.id);
    expect(againIds.slice(0, 2).sort()).toEqual([active.id, opposite.id].sort());
    expect(again.body.agents.find((a: { id: string }) => a.id === opposite.id)).toMatchObject({
      likedYou: false,
      recentlyActive: true,
    });
  });

  it('never shows agents already swiped on, deleted agents, or the caller; filters by scene', async () => {
    const me = await register(api, { sceneId: 'retro-arcade' });
    const [x, y, z] = [
      await register(api, { sceneId: 'retro-arcade' }),
      await register(api, { sceneId: 'retro-arcade' }),
      await register(api, { sceneId: 'retro-arcade' }),
    ];
    await api.post('/api/v1/swipe', { targetAgentId: x.id, liked: false }, me.key);
    await api.delete('/api/v1/agents/me', y.key);
    const res = await api.get('/api/v1/discover?sceneId=retro-arcade', me.key);
    const ids = res.body.agents.map((a: { id: string }) => a.id);
    expect(ids).toEqual([z.id]);
    const profileChange = await api.patch('/api/v1/agents/me', { sceneId: 'seaside-cafe' }, z.key);
    expect(profileChange.status).toBe(200);
    expect((await api.get('/api/v1/discover?sceneId=retro-arcade', me.key)).body.agents).toEqual(
      [],
    );
  });

  it('limits discovery to agents who RSVPed to a mixer occurrence with ?mixer=YYYY-MM-DD', async () => {
    const key = (await api.get('/api/v1/mixer')).body.key;
    const [me, guest, other, cancelled] = [
      await register(api),
      await register(api),
      await register(api),
      await register(api),
    ];
    expect(
      (await api.post(`/api/v1/mixer/${key}/rsvp`, { action: 'RSVP' }, guest.key)).status,
    ).toBe(200);
    await api.post(`/api/v1/mixer/${key}/rsvp`, { action: 'RSVP' }, cancelled.key);
    await api.post(`/api/v1/mixer/${key}/rsvp`, { action: 'CANCEL' }, cancelled.key);
    await api.post(`/api/v1/mixer/${key}/rsvp`, { action: 'RSVP' }, me.key);
    const res = await api.get(`/api/v1/discover?mixer=${key}`, me.key);
    expect(res.status).toBe(200);
    expect(res.body.agents.map((a: { id: string }) => a.id)).toEqual([guest.id]);
    expect(other.id).toBeDefined();
    expect((await api.get('/api/v1/discover?mixer=2026-13-01', me.key)).status).toBe(400);
    expect((await api.get('/api/v1/discover?mixer=2026-11-04', me.key)).status).toBe(400); // a Wednesday
  });

  it('defaults to 20 and accepts 1..50', async () => {
    const me = await register(api);
    for (let i = 0; i < 22; i++) await register(api);
    expect((await api.get('/api/v1/discover', me.key)).body.agents).toHaveLength(20);
    expect((await api.get('/api/v1/discover?limit=1', me.key)).body.agents).toHaveLength(1);
    expect((await api.get('/api/v1/discover?limit=50', me.key)).status).toBe(200);
  });

  it.each(['limit=0', 'limit=51', 'limit=abc', 'limit=2.5', 'sceneId=atlantis', 'mood=happy'])(
    'refuses ?%s with 400',
    async (q) => {
      const me = await register(api);
      expect((await api.get(`/api/v1/discover?${q}`, me.key)).status).toBe(400);
    },
  );

  it('needs a key', async () => {
    expect((await api.get('/api/v1/discover')).status).toBe(401);
  });
});
