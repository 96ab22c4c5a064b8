import { WebSocket } from 'ws';
import { LIMITS } from '@companion/platform';
import { Client, RunningApp, matchPair, register, until } from './support/app';
import { realtimeWorld } from './support/realtime-world';

/** The raw `/ws` endpoint: authentication, malformed frames and message:send, answered like REST. */
describe('Realtime: /ws and socket.io (e2e with real clients)', () => {
  const { ws, fixtures } = realtimeWorld();
  let running: RunningApp;
  let api: Client;
  beforeAll(() => {
    ({ running, api } = fixtures());
  });

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
});
