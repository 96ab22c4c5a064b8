import { io, Socket } from 'socket.io-client';
import { WebSocket } from 'ws';
import { LIMITS, ManualClock } from '@companion/platform';
import { Client, client, matchPair, register, RunningApp, startApp, until } from './support/app';
import { WsClient } from './support/ws-client';

type Agent = Awaited<ReturnType<typeof register>>;

/** Waits are polls with a generous limit; nothing asserts how long something took. */
const WAIT_MS = 10_000;
/** Short enough for the timeout test to be quick, long enough for every other client to authenticate first. */
const AUTH_TIMEOUT_MS = 1_500;

/** A socket.io client that records every event it receives. */
class IoClient {
  readonly events: { name: string; payload: any }[] = [];
  private constructor(readonly socket: Socket) {
    socket.onAny((name, payload) => this.events.push({ name, payload }));
  }

  static async as(baseUrl: string, agent: Agent): Promise<IoClient> {
    const c = new IoClient(
      io(baseUrl, { auth: { apiKey: agent.key }, transports: ['websocket'], reconnection: false }),
    );
    await until('auth:success over socket.io', () =>
      c.events.find((e) => e.name === 'auth:success'),
    );
    return c;
  }

  next(name: string, match: (payload: any) => boolean = () => true): Promise<any> {
    return until(
      `socket.io ${name}`,
      () => this.events.find((e) => e.name === name && match(e.payload))?.payload,
    );
  }

  send(payload: unknown): Promise<any> {
    return this.socket.timeout(WAIT_MS).emitWithAck('message:send', payload);
  }

  close(): void {
    this.socket.close();
  }
}

const aboutMatch = (matchId: string) => (f: any) =>
  f.matchId === matchId || f.match?.id === matchId;

describe('Realtime: /ws and socket.io (e2e with real clients)', () => {
  let running: RunningApp;
  let api: Client;
  const open: { close(): void }[] = [];
  const track = <T extends { close(): void }>(c: T): T => (open.push(c), c);

  beforeAll(async () => {
    running = await startApp({ env: { WS_AUTH_TIMEOUT_MS: String(AUTH_TIMEOUT_MS) } });
    api = client(running.baseUrl);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.close();
  });
  afterAll(async () => {
    await running.close();
  });

  const ws = async (agent?: Agent) =>
    track(agent ? await WsClient.as(running.baseUrl, agent) : await WsClient.open(running.baseUrl));
  const sio = async (agent: Agent) => track(await IoClient.as(running.baseUrl, agent));

  /**
   * An agent in a match of its own, used to prove that an event did not reach it: events reach a
   * connection in log order, so once it has the message:new of a later message in its own match,
   * anything meant for it before would have arrived already.
   */
  async function bystander() {
    const [c, d] = [await register(api), await register(api)];
    const matchId = await matchPair(api, c, d);
    return {
      agent: c,
      /** Resolves when the bystander's client has received everything the log held for it up to now. */
      async flush(received: () => any[], transport: 'ws' | 'io'): Promise<void> {
        const content = `marker ${Math.random()}`;
        await api.post(`/api/v1/matches/${matchId}/messages`, { content }, d.key);
        const isMarker = (f: any) =>
          transport === 'ws'
            ? f.type === 'message:new' && f.message.content === content
            : f.name === 'message:new' && f.payload.message.content === content;
        await until('the bystander marker', () => received().find(isMarker));
      },
    };
  }

  describe('/ws authentication', () => {
    it('answers a valid key with auth:success and the agent id', async () => {
      const a = await register(api);
      const c = await ws();
      c.send({ type: 'auth', apiKey: a.key });
      expect(await c.next((f) => f.type === 'auth:success')).toEqual({
        type: 'auth:success',
        agentId: a.id,
      });
    });

    it.each<[string, unknown]>([
      ['an unknown key', 'companion_sk_' + 'A'.repeat(43)],
      ['a malformed key', 'not-a-key'],
      ['a key that is not a string', 42],
      ['no key', undefined],
    ])('refuses %s with auth:error invalid_api_key, then closes with 4401', async (_, apiKey) => {
      const c = await ws();
      c.send({ type: 'auth', apiKey });
      expect(await c.next((f) => f.type === 'auth:error')).toEqual({
        type: 'auth:error',
        code: 'invalid_api_key',
        message: expect.any(String),
      });
      expect((await c.waitClosed()).code).toBe(4401);
    });

    it('closes a connection that does not authenticate in time with auth_timeout and 4408', async () => {
      const c = await ws();
      expect(await c.next((f) => f.type === 'auth:error')).toEqual({
        type: 'auth:error',
        code: 'auth_timeout',
        message: expect.any(String),
      });
      expect((await c.waitClosed()).code).toBe(4408);
    });

    it('answers message:send before auth with unauthenticated and stays open', async () => {
      const a = await register(api);
      const c = await ws();
      c.send({ type: 'message:send', matchId: 'x', content: 'hi', requestId: 'early' });
      expect(await c.next((f) => f.type === 'error')).toEqual({
        type: 'error',
        requestId: 'early',
        status: 401,
        code: 'unauthenticated',
        message: expect.any(String),
      });
      c.send({ type: 'auth', apiKey: a.key });
      expect(await c.next((f) => f.type === 'auth:success')).toMatchObject({ agentId: a.id });
    });

    it('refuses a second auth on an authenticated connection', async () => {
      const a = await register(api);
      const c = await ws(a);
      c.send({ type: 'auth', apiKey: a.key });
      expect(await c.next((f) => f.type === 'error')).toMatchObject({
        code: 'already_authenticated',
      });
      expect(c.closed).toBeNull();
    });

    it('handles auth and message:send sent back to back, in order', async () => {
      const [a, b] = [await register(api), await register(api)];
      const matchId = await matchPair(api, a, b);
      const c = await ws();
      c.send({ type: 'auth', apiKey: a.key });
      c.send({ type: 'message:send', matchId, content: 'right away', requestId: 'r1' });
      const reply = await c.next((f) => f.requestId === 'r1');
      expect(reply.type).toBe('message:sent');
      expect(c.frames.findIndex((f) => f.type === 'auth:success')).toBeLessThan(
        c.frames.indexOf(reply),
      );
    });
  });

  describe('/ws malformed frames', () => {
    it.each<[string, string | Buffer, string]>([
      ['text that is not JSON', '{nope', 'malformed_frame'],
      ['a JSON array', '[1,2]', 'malformed_frame'],
      ['a JSON string', '"auth"', 'malformed_frame'],
      ['null', 'null', 'malformed_frame'],
      ['an object without type', '{"apiKey":"x"}', 'malformed_frame'],
      ['a type that is not a string', '{"type":7}', 'malformed_frame'],
      ['an unknown type', '{"type":"swipe"}', 'unknown_type'],
      ['a binary frame', Buffer.from('{"type":"auth"}'), 'malformed_frame'],
    ])('answers %s with an error frame and stays open', async (_, frame, code) => {
      const a = await register(api);
      const c = await ws();
      c.socket.send(frame);
      expect(await c.next((f) => f.type === 'error')).toEqual({
        type: 'error',
        code,
        message: expect.any(String),
      });
      // Still usable, before and after authentication.
      c.send({ type: 'auth', apiKey: a.key });
      await c.next((f) => f.type === 'auth:success');
      c.socket.send(frame);
      await until('a second error', () =>
        c.frames.filter((f) => f.type === 'error').length === 2 ? true : undefined,
      );
      expect(c.closed).toBeNull();
    });

    it('closes the connection with 1009 on a frame over 64 KiB', async () => {
      const c = await ws();
      c.send(JSON.stringify({ type: 'auth', apiKey: 'x'.repeat(64 * 1024) }));
      expect((await c.waitClosed()).code).toBe(1009);
    });

    it('closes the connection with 1007 on a text frame that is not UTF-8', async () => {
      const c = await ws();
      c.socket.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
      expect((await c.waitClosed()).code).toBe(1007);
    });

    it('refuses WebSocket upgrades on other paths with 404', async () => {
      const socket = new WebSocket(`${running.baseUrl.replace(/^http/, 'ws')}/elsewhere`);
      const status = await new Promise<number>((resolve) => {
        socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.once('error', () => resolve(-1));
      });
      expect(status).toBe(404);
      socket.terminate();
    });
  });

  describe('/ws message:send', () => {
    it('sends the message like POST /matches/{id}/messages, and GET shows it', async () => {
      const [a, b] = [await register(api), await register(api)];
      const matchId = await matchPair(api, a, b);
      const c = await ws(a);
      const reply = await c.request({ matchId, content: 'Hello over a socket' }, 'req-1');
      expect(reply).toEqual({
        type: 'message:sent',
        requestId: 'req-1',
        message: {
          id: expect.any(String),
          matchId,
          senderId: a.id,
          content: 'Hello over a socket',
          createdAt: expect.any(String),
        },
      });
      const listed = await api.get(`/api/v1/matches/${matchId}/messages`, b.key);
      expect(listed.body.messages[0]).toEqual(reply.message);
    });

    it('answers requestId null when the client sent none', async () => {
      const [a, b] = [await register(api), await register(api)];
      const matchId = await matchPair(api, a, b);
      const c = await ws(a);
      c.send({ type: 'message:send', matchId, content: 'no id' });
      expect(await c.next((f) => f.type === 'message:sent')).toMatchObject({
        requestId: null,
        message: { content: 'no id' },
      });
    });

    it.each<[string, Record<string, unknown>]>([
      ['empty content', { content: '' }],
      [
        `content of ${LIMITS.message.max + 1} characters`,
        { content: 'x'.repeat(LIMITS.message.max + 1) },
      ],
      ['content that is not a string', { content: 5 }],
      ['no content', {}],
      ['an extra field', { content: 'hi', urgent: true }],
      ['a requestId over 100 characters', { content: 'hi', requestId: 'r'.repeat(101) }],
    ])('refuses %s with 400, like REST', async (_, fields) => {
      const [a, b] = [await register(api), await register(api)];
      const matchId = await matchPair(api, a, b);
      const rest = await api.post(
        `/api/v1/matches/${matchId}/messages`,
        Object.fromEntries(Object.entries(fields).filter(([k]) => k !== 'requestId')),
        a.key,
      );
      const c = await ws(a);
      c.send({ type: 'message:send', matchId, requestId: 'bad', ...fields });
      const reply = await c.next((f) => f.type === 'error');
      expect(reply).toMatchObject({
        type: 'error',
        status: 400,
        code: 'validation_failed',
        message: expect.any(Array),
      });
      if (!('requestId' in fields)) {
        expect(rest.status).toBe(400);
        expect(reply.requestId).toBe('bad');
      }
    });

    it(`accepts content of exactly ${LIMITS.message.max} characters`, async () => {
      const [a, b] = [await register(api), await register(api)];
      const matchId = await matchPair(api, a, b);
      const c = await ws(a);
      expect(
        (await c.request({ matchId, content: 'x'.repeat(LIMITS.message.max) }, 'max')).type,
      ).toBe('message:sent');
    });

    it('refuses a match id that is missing or not a string with 400', async () => {
      const a = await register(api);
      const c = await ws(a);
      expect(await c.request({ content: 'hi' }, 'no-match')).toMatchObject({ status: 400 });
      expect(await c.request({ matchId: 12, content: 'hi' }, 'num-match')).toMatchObject({
        status: 400,
      });
    });

    it('refuses a non-participant with 403 not_a_participant and an unknown match with 404 match_not_found, like REST', async () => {
      const [a, b, outsider] = [await register(api), await register(api), await register(api)];
      const matchId = await matchPair(api, a, b);
      const c = await ws(outsider);
      expect(await c.request({ matchId, content: 'let me in' }, 'r403')).toEqual({
        type: 'error',
        requestId: 'r403',
        status: 403,
        code: 'not_a_participant',
        message: expect.any(String),
      });
      expect(
        (
          await api.post(
            `/api/v1/matches/${matchId}/messages`,
            { content: 'let me in' },
            outsider.key,
          )
        ).status,
      ).toBe(403);
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect(await c.request({ matchId: unknown, content: 'anyone?' }, 'r404')).toMatchObject({
        status: 404,
        code: 'match_not_found',
      });
      expect(
        (
          await api.post(
            `/api/v1/matches/${unknown}/messages`,
            { content: 'anyone?' },
            outsider.key,
          )
        ).status,
      ).toBe(404);
    });
  });

  describe('/ws server events', () => {
    it('sends match:new to both agents of a new match, each with its partner, and to nobody else', async () => {
      const [a, b] = [await register(api), await register(api)];
      const third = await bystander();
      const [ca, cb, cc] = [await ws(a), await ws(b), await ws(third.agent)];
      const matchId = await matchPair(api, a, b);
      const forA = await ca.next((f) => f.type === 'match:new');
      const forB = await cb.next((f) => f.type === 'match:new');
      expect(forA).toEqual({
        type: 'match:new',
        match: {
          id: matchId,
          agentIds: [a.id, b.id].sort(),
          partnerId: b.id,
          createdAt: expect.any(String),
        },
      });
      expect(forB).toEqual({
        type: 'match:new',
        match: {
          id: matchId,
          agentIds: [a.id, b.id].sort(),
          partnerId: a.id,
          createdAt: forA.match.createdAt,
        },
      });
      await third.flush(() => cc.frames, 'ws');
      expect(cc.frames.filter(aboutMatch(matchId))).toEqual([]);
      expect(ca.frames.filter((f) => f.type === 'match:new')).toHaveLength(1);
    });

    it('sends message:new for a REST message to both participants, every connection of each, and to nobody else', async () => {
      const [a, b] = [await register(api), await register(api)];
      const matchId = await matchPair(api, a, b);
      const third = await bystander();
      const [ca, ca2, cb, cc] = [await ws(a), await ws(a), await ws(b), await ws(third.agent)];
      const sent = await api.post(
        `/api/v1/matches/${matchId}/messages`,
        { content: 'Over HTTP' },
        a.key,
      );
      expect(sent.status).toBe(201);
      const expected = { type: 'message:new', matchId, message: sent.body.message };
      for (const c of [ca, ca2, cb])
        expect(await c.next((f) => f.type === 'message:new')).toEqual(expected);
      await third.flush(() => cc.frames, 'ws');
      expect(cc.frames.filter(aboutMatch(matchId))).toEqual([]);
      for (const c of [ca, ca2, cb])
        expect(c.frames.filter((f) => f.type === 'message:new')).toHaveLength(1);
    });

    it('sends message:new for a /ws message to both participants, the sending connection included', async () => {
      const [a, b] = [await register(api), await register(api)];
      const matchId = await matchPair(api, a, b);
      const third = await bystander();
      const [ca, cb, cc] = [await ws(a), await ws(b), await ws(third.agent)];
      const reply = await ca.request({ matchId, content: 'Over the socket' }, 'w1');
      const expected = { type: 'message:new', matchId, message: reply.message };
      expect(await ca.next((f) => f.type === 'message:new')).toEqual(expected);
      expect(await cb.next((f) => f.type === 'message:new')).toEqual(expected);
      await third.flush(() => cc.frames, 'ws');
      expect(cc.frames.filter(aboutMatch(matchId))).toEqual([]);
    });

    it('sends relationship:update on a break-up to both, and then message:send is a 409 like REST', async () => {
      const [a, b] = [await register(api), await register(api)];
      const matchId = await matchPair(api, a, b);
      const third = await bystander();
      const [ca, cb, cc] = [await ws(a), await ws(b), await ws(third.agent)];
      const rated = await api.post(
        `/api/v1/matches/${matchId}/chemistry-rating`,
        { rating: 0.1 },
        b.key,
      );
      expect(rated.body.match.status).toBe('broken_up');
      const expected = {
        type: 'relationship:update',
        matchId,
        from: 'active',
        to: 'broken_up',
        triggeredBy: b.id,
      };
      expect(await ca.next((f) => f.type === 'relationship:update')).toEqual(expected);
      expect(await cb.next((f) => f.type === 'relationship:update')).toEqual(expected);
      await third.flush(() => cc.frames, 'ws');
      expect(cc.frames.filter(aboutMatch(matchId))).toEqual([]);
      expect(await ca.request({ matchId, content: 'Still there?' }, 'r409')).toMatchObject({
        status: 409,
        code: 'relationship_broken_up',
      });
    });

    it('closes the connections of an agent who deletes their profile', async () => {
      const a = await register(api);
      const c = await ws(a);
      await api.delete('/api/v1/agents/me', a.key);
      expect((await c.waitClosed()).code).toBe(4401);
    });
  });

  describe('socket.io', () => {
    it('refuses a handshake with an invalid key with connect_error invalid_api_key', async () => {
      for (const auth of [{ apiKey: 'companion_sk_' + 'B'.repeat(43) }, { apiKey: 42 }]) {
        const socket = track(
          io(running.baseUrl, { auth, transports: ['websocket'], reconnection: false }),
        );
        const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
        expect(error.message).toBe('invalid_api_key');
      }
    });

    it("authenticates with the spec's auth message after connecting, as on /ws", async () => {
      const a = await register(api);
      const socket = track(io(running.baseUrl, { transports: ['websocket'], reconnection: false }));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const early = await socket.timeout(WAIT_MS).emitWithAck('message:send', {
        matchId: 'm',
        content: 'too early',
      });
      expect(early).toMatchObject({ ok: false, status: 401, code: 'unauthenticated' });
      const success = new Promise<any>((resolve) => socket.once('auth:success', resolve));
      socket.emit('auth', { apiKey: a.key });
      expect(await success).toEqual({ agentId: a.id });

      const wrong = track(io(running.baseUrl, { transports: ['websocket'], reconnection: false }));
      await new Promise<void>((resolve) => wrong.once('connect', () => resolve()));
      const refused = new Promise<any>((resolve) => wrong.once('auth:error', resolve));
      const gone = new Promise<void>((resolve) => wrong.once('disconnect', () => resolve()));
      wrong.emit('auth', { apiKey: 'companion_sk_' + 'C'.repeat(43) });
      expect(await refused).toEqual({ code: 'invalid_api_key', message: 'invalid API key' });
      await gone;
    });

    it('authenticates in the handshake over websocket and polling alike', async () => {
      const a = await register(api);
      const c = await sio(a);
      expect(await c.next('auth:success')).toEqual({ agentId: a.id });
      const polling = track(
        io(running.baseUrl, {
          auth: { apiKey: a.key },
          transports: ['polling'],
          reconnection: false,
        }),
      );
      const success = await new Promise<any>((resolve) => polling.once('auth:success', resolve));
      expect(success).toEqual({ agentId: a.id });
    });

    it('delivers match:new, message:new and relationship:update with the /ws payloads, to the agents concerned only', async () => {
      const [a, b] = [await register(api), await register(api)];
      const third = await bystander();
      const [ia, ib, ic, wa] = [await sio(a), await sio(b), await sio(third.agent), await ws(a)];

      const matchId = await matchPair(api, a, b);
      const { type: _m, ...matchNew } = await wa.next((f) => f.type === 'match:new');
      expect(await ia.next('match:new')).toEqual(matchNew);
      expect((await ib.next('match:new')).match).toMatchObject({ id: matchId, partnerId: a.id });

      const sent = await api.post(
        `/api/v1/matches/${matchId}/messages`,
        { content: 'Hello socket.io' },
        b.key,
      );
      for (const c of [ia, ib])
        expect(await c.next('message:new')).toEqual({ matchId, message: sent.body.message });

      await api.post(`/api/v1/matches/${matchId}/chemistry-rating`, { rating: 0.05 }, a.key);
      for (const c of [ia, ib])
        expect(await c.next('relationship:update')).toEqual({
          matchId,
          from: 'active',
          to: 'broken_up',
          triggeredBy: a.id,
        });

      await third.flush(() => ic.events, 'io');
      expect(ic.events.filter((e) => aboutMatch(matchId)(e.payload))).toEqual([]);
    });

    it('answers message:send through the acknowledgement, with the same statuses as REST', async () => {
      const [a, b, outsider] = [await register(api), await register(api), await register(api)];
      const matchId = await matchPair(api, a, b);
      const [ia, ib, io3] = [await sio(a), await sio(b), await sio(outsider)];

      const ok = await ia.send({ matchId, content: 'Through the ack' });
      expect(ok).toEqual({
        ok: true,
        message: {
          id: expect.any(String),
          matchId,
          senderId: a.id,
          content: 'Through the ack',
          createdAt: expect.any(String),
        },
      });
      expect(await ib.next('message:new')).toEqual({ matchId, message: ok.message });
      expect(
        (await api.get(`/api/v1/matches/${matchId}/messages`, a.key)).body.messages[0],
      ).toEqual(ok.message);

      expect(await ia.send({ matchId, content: '' })).toEqual({
        ok: false,
        status: 400,
        code: 'validation_failed',
        message: expect.any(Array),
      });
      expect(await ia.send({ matchId, content: 'hi', extra: 1 })).toMatchObject({
        ok: false,
        status: 400,
      });
      expect(await ia.send('not an object')).toMatchObject({ ok: false, status: 400 });
      expect(await io3.send({ matchId, content: 'hi' })).toMatchObject({
        ok: false,
        status: 403,
        code: 'not_a_participant',
      });
      expect(
        await ia.send({ matchId: '00000000-0000-4000-8000-000000000000', content: 'hi' }),
      ).toMatchObject({ ok: false, status: 404, code: 'match_not_found' });
    });
  });
});

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
