import { ManualClock } from '@companion/platform';
import { agentInput, client, Client, register, RunningApp, startApp } from './support/app';

/** Spec §8 limits with RATE_LIMITS=on and the clock set by the test: each trips, then recovers after the window. */
describe('rate limits (e2e over HTTP)', () => {
  let running: RunningApp;
  let api: Client;
  const clock = new ManualClock(new Date('2026-11-18T10:00:00.000Z'));

  beforeAll(async () => {
    running = await startApp({ clock, env: { RATE_LIMITS: 'on' } });
    api = client(running.baseUrl);
  });
  afterAll(() => running.close());
  beforeEach(() => clock.advance(60_000)); // every test starts in a fresh window

  const expect429 = (res: { status: number; headers: Headers; body: any }) => {
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(res.body).toMatchObject({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'rate_limited',
      retryAfter: expect.any(Number),
    });
  };

  it('registration: 5 per minute per IP, then 429 with Retry-After, and again after the window', async () => {
    for (let i = 0; i < 5; i++)
      expect((await api.post('/api/v1/agents', agentInput())).status).toBe(201);
    const refused = await api.post('/api/v1/agents', agentInput());
    expect429(refused);
    clock.advance(refused.body.retryAfter * 1000);
    expect((await api.post('/api/v1/agents', agentInput())).status).toBe(201);
  });

  it('swiping: 60 per minute per agent', async () => {
    const me = await register(api);
    clock.advance(60_000);
    const targets = [];
    for (let i = 0; i < 13; i++) {
      if (i % 5 === 0) clock.advance(60_000); // registration's own limit
      targets.push(await register(api));
    }
    clock.advance(60_000);
    let ok = 0;
    for (let i = 0; i < 60; i++)
      ok +=
        (
          await api.post(
            '/api/v1/swipe',
            { targetAgentId: targets[i % 13].id, liked: false },
            me.key,
          )
        ).status === 200
          ? 1
          : 0;
    expect(ok).toBe(60);
    expect429(
      await api.post('/api/v1/swipe', { targetAgentId: targets[0].id, liked: false }, me.key),
    );
    clock.advance(60_000);
    expect(
      (await api.post('/api/v1/swipe', { targetAgentId: targets[0].id, liked: false }, me.key))
        .status,
    ).toBe(200);
  });

  it('messaging: 10 per minute per match per agent; another match and the partner are not affected', async () => {
    const [a, b, c] = [await register(api), await register(api), await register(api)];
    await api.post('/api/v1/swipe', { targetAgentId: b.id, liked: true }, a.key);
    const ab = (await api.post('/api/v1/swipe', { targetAgentId: a.id, liked: true }, b.key)).body
      .match.id;
    await api.post('/api/v1/swipe', { targetAgentId: c.id, liked: true }, a.key);
    const ac = (await api.post('/api/v1/swipe', { targetAgentId: a.id, liked: true }, c.key)).body
      .match.id;
    for (let i = 0; i < 10; i++)
      expect(
        (await api.post(`/api/v1/matches/${ab}/messages`, { content: `m${i}` }, a.key)).status,
      ).toBe(201);
    expect429(await api.post(`/api/v1/matches/${ab}/messages`, { content: 'one too many' }, a.key));
    expect(
      (await api.post(`/api/v1/matches/${ac}/messages`, { content: 'other match' }, a.key)).status,
    ).toBe(201);
    expect(
      (await api.post(`/api/v1/matches/${ab}/messages`, { content: 'the partner' }, b.key)).status,
    ).toBe(201);
    clock.advance(60_000);
    expect(
      (await api.post(`/api/v1/matches/${ab}/messages`, { content: 'next minute' }, a.key)).status,
    ).toBe(201);
    expect(
      (await api.get(`/api/v1/matches/${ab}/messages?limit=100`, a.key)).body.messages,
    ).toHaveLength(12); // the refused one was not written
  });

  it('discovery: 30 per minute per agent', async () => {
    const me = await register(api);
    for (let i = 0; i < 30; i++)
      expect((await api.get('/api/v1/discover?limit=1', me.key)).status).toBe(200);
    expect429(await api.get('/api/v1/discover?limit=1', me.key));
    clock.advance(60_000);
    expect((await api.get('/api/v1/discover?limit=1', me.key)).status).toBe(200);
  });

  it('counts per agent: another agent is not limited by the first', async () => {
    const [me, other] = [await register(api), await register(api)];
    for (let i = 0; i < 30; i++) await api.get('/api/v1/discover?limit=1', me.key);
    expect((await api.get('/api/v1/discover?limit=1', me.key)).status).toBe(429);
    expect((await api.get('/api/v1/discover?limit=1', other.key)).status).toBe(200);
  });
});

describe('RATE_LIMITS=off', () => {
  it('disables every limit', async () => {
    const running = await startApp({ env: { RATE_LIMITS: 'off' } });
    try {
      const api = client(running.baseUrl);
      for (let i = 0; i < 8; i++)
        expect((await api.post('/api/v1/agents', agentInput())).status).toBe(201);
      const me = await register(api);
      for (let i = 0; i < 35; i++)
        expect((await api.get('/api/v1/discover?limit=1', me.key)).status).toBe(200);
    } finally {
      await running.close();
    }
  });
});
