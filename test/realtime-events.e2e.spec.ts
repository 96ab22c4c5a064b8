import { io } from 'socket.io-client';
import { WAIT_MS } from './support/io-client';
import { Client, RunningApp, matchPair, register } from './support/app';
import { aboutMatch, realtimeWorld } from './support/realtime-world';

/** Server events on `/ws` and socket.io reach exactly the agents concerned; socket.io speaks the same protocol. */
describe('Realtime: /ws and socket.io (e2e with real clients)', () => {
  const { ws, sio, track, bystander, fixtures } = realtimeWorld();
  let running: RunningApp;
  let api: Client;
  beforeAll(() => {
    ({ running, api } = fixtures());
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
