import { LIMITS, ManualClock } from '@companion/platform';
import { client, matchPair, register, RunningApp, startApp } from './support/app';
import { IoClient } from './support/io-client';
import { WsClient } from './support/ws-client';

/** Realtime as one service: one message budget over every transport, one event stream over every instance. */
describe('Realtime: the messaging rate limit is shared with REST (e2e)', () => {
  let running: RunningApp;
  const open: { close(): void }[] = [];
  // A fixed clock keeps every message in one rate-limit window.
  const clock = new ManualClock(new Date('2026-11-18T10:00:00.000Z'));

  beforeAll(async () => {
    running = await startApp({ clock, env: { RATE_LIMITS: 'on' } });
  });
  afterAll(async () => {
    for (const c of open.splice(0)) c.close();
    await running.close();
  });

  it(`counts /ws, socket.io and REST messages together: the ${LIMITS.rate.message.limit + 1}th in a window is a 429 on every transport`, async () => {
    const api = client(running.baseUrl);
    const [a, b] = [await register(api), await register(api)];
    const matchId = await matchPair(api, a, b);
    const c = await WsClient.as(running.baseUrl, a);
    open.push(c);
    const i = await IoClient.as(running.baseUrl, a);
    open.push(i);
    const half = Math.floor(LIMITS.rate.message.limit / 2);
    for (let n = 0; n < half; n++)
      expect(
        (await api.post(`/api/v1/matches/${matchId}/messages`, { content: `rest ${n}` }, a.key))
          .status,
      ).toBe(201);
    for (let n = half; n < LIMITS.rate.message.limit - 1; n++)
      expect((await c.request({ matchId, content: `ws ${n}` }, `ok${n}`)).type).toBe(
        'message:sent',
      );
    expect((await i.send({ matchId, content: 'the last one allowed' })).ok).toBe(true);

    expect(await c.request({ matchId, content: 'one too many' }, 'over')).toEqual({
      type: 'error',
      requestId: 'over',
      status: 429,
      code: 'rate_limited',
      message: expect.any(String),
      retryAfter: expect.any(Number),
    });
    expect(await i.send({ matchId, content: 'one too many' })).toMatchObject({
      ok: false,
      status: 429,
      code: 'rate_limited',
    });
    expect(
      (await api.post(`/api/v1/matches/${matchId}/messages`, { content: 'one too many' }, a.key))
        .status,
    ).toBe(429);
    // The partner has a window of their own.
    expect(
      (await api.post(`/api/v1/matches/${matchId}/messages`, { content: 'my turn' }, b.key)).status,
    ).toBe(201);
  });
});

describe('Realtime across two instances on one event store (e2e)', () => {
  let first: RunningApp;
  let second: RunningApp;
  const open: { close(): void }[] = [];

  beforeAll(async () => {
    first = await startApp();
    // Only one process may run the projections; the second reads the same read store.
    second = await startApp({ dataDir: first.dataDir, env: { PROJECTIONS: 'off' } });
  });
  afterAll(async () => {
    for (const c of open.splice(0)) c.close();
    await second.close();
    await first.close();
  });

  it('delivers to a client of instance B what happens through instance A, and the other way round', async () => {
    const apiA = client(first.baseUrl);
    const apiB = client(second.baseUrl);
    const [a, b] = [await register(apiA), await register(apiA)];
    const onB = await WsClient.as(second.baseUrl, b);
    open.push(onB);
    const ioOnB = await IoClient.as(second.baseUrl, b);
    open.push(ioOnB);
    const onA = await WsClient.as(first.baseUrl, a);
    open.push(onA);

    const matchId = await matchPair(apiA, a, b);
    expect((await onB.next((f) => f.type === 'match:new')).match).toMatchObject({
      id: matchId,
      partnerId: a.id,
    });

    const sent = await apiA.post(
      `/api/v1/matches/${matchId}/messages`,
      { content: 'Sent to A, read on B' },
      a.key,
    );
    expect(sent.status).toBe(201);
    expect(await onB.next((f) => f.type === 'message:new')).toEqual({
      type: 'message:new',
      matchId,
      message: sent.body.message,
    });
    expect(await ioOnB.next('message:new')).toEqual({ matchId, message: sent.body.message });

    // And a message sent through instance B's socket reaches the client on A.
    const reply = await onB.request({ matchId, content: 'Sent on B' }, 'b1');
    expect(reply.type).toBe('message:sent');
    expect(
      await onA.next((f) => f.type === 'message:new' && f.message.id === reply.message.id),
    ).toMatchObject({ matchId });
    expect((await apiB.get(`/api/v1/matches/${matchId}/messages`, b.key)).status).toBe(200);
  });
});
