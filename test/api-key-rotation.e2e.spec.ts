import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVENT_STORE, EventStore } from '@companion/event-store';
import { hashApiKey } from '@companion/platform';
import { io } from 'socket.io-client';
import { WebSocket } from 'ws';
import { client, Client, register, RunningApp, startApp, until } from './support/app';

const KEY = /^companion_sk_[A-Za-z0-9_-]{43}$/;
const rotate = (api: Client, key: string) => api.post('/api/v1/agents/me/api-key', undefined, key);

/** API key rotation: the new key, the end of the old one (HTTP and realtime), and across two instances. */
describe('API key rotation (an addition to the spec; e2e over HTTP)', () => {
  let running: RunningApp;
  let api: Client;

  beforeAll(async () => {
    running = await startApp();
    api = client(running.baseUrl);
  });
  afterAll(() => running.close());

  it('answers 201 with a new key of the same form; the old key is 401 at once, the new one works at once', async () => {
    const me = await register(api);
    const res = await rotate(api, me.key);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ apiKey: expect.stringMatching(KEY), message: expect.any(String) });
    expect(res.body.apiKey).not.toBe(me.key);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const old = await api.get('/api/v1/agents/me', me.key);
    expect(old.status).toBe(401);
    expect(old.headers.get('www-authenticate')).toBe('Bearer');
    const now = await api.get('/api/v1/agents/me', res.body.apiKey);
    expect(now.status).toBe(200);
    expect(now.body.agent.id).toBe(me.id);
    // The old key cannot rotate again; the new one can, and the one before it dies with it.
    expect((await rotate(api, me.key)).status).toBe(401);
    const again = await rotate(api, res.body.apiKey);
    expect(again.status).toBe(201);
    expect((await api.get('/api/v1/agents/me', res.body.apiKey)).status).toBe(401);
    expect((await api.get('/api/v1/agents/me', again.body.apiKey)).status).toBe(200);
  });

  it('ends the realtime connections opened with the replaced key, and keeps those with the new one', async () => {
    const me = await register(api);
    const wsAs = async (key: string) => {
      const socket = new WebSocket(`${running.baseUrl.replace(/^http/, 'ws')}/ws`);
      const state = { authed: false, closed: null as null | { code: number; reason: string } };
      socket.on('message', (d) => {
        if (JSON.parse((d as Buffer).toString('utf8')).type === 'auth:success') state.authed = true;
      });
      socket.on('close', (code, reason) => (state.closed = { code, reason: String(reason) }));
      await new Promise((r) => socket.once('open', r));
      socket.send(JSON.stringify({ type: 'auth', apiKey: key }));
      await until('auth:success', () => (state.authed ? true : undefined));
      return { socket, state };
    };
    const ioAs = async (key: string) => {
      const socket = io(running.baseUrl, {
        auth: { apiKey: key },
        transports: ['websocket'],
        reconnection: false,
      });
      await new Promise((r) => socket.once('auth:success', r));
      return socket;
    };
    const [oldWs, oldIo] = [await wsAs(me.key), await ioAs(me.key)];
    const { apiKey } = (await rotate(api, me.key)).body;
    const [newWs, newIo] = [await wsAs(apiKey), await ioAs(apiKey)];
    try {
      expect(await until('the old /ws to close', () => oldWs.state.closed ?? undefined)).toEqual({
        code: 4401,
        reason: 'api_key_rotated',
      });
      await until('the old socket.io to disconnect', () => (oldIo.connected ? undefined : true));
      expect(newWs.state.closed).toBeNull();
      expect(newIo.connected).toBe(true);
    } finally {
      for (const s of [oldWs.socket, newWs.socket]) s.close();
      for (const s of [oldIo, newIo]) s.close();
    }
  });

  it('needs a valid key (401)', async () => {
    expect((await api.post('/api/v1/agents/me/api-key')).status).toBe(401);
    expect((await rotate(api, 'companion_sk_' + 'x'.repeat(43))).status).toBe(401);
  });

  it('keeps only the hash: the key is in neither the event log nor the read store', async () => {
    const me = await register(api);
    const { apiKey } = (await rotate(api, me.key)).body;
    const events = await running.app.get<EventStore>(EVENT_STORE).readStream(`agent-${me.id}`);
    expect(events.map((e) => e.type)).toEqual(['AgentRegistered', 'ApiKeyRotated']);
    expect(events[1].data).toEqual({
      agentId: me.id,
      apiKeyHash: hashApiKey(apiKey),
      previousKeyHash: hashApiKey(me.key),
    });
    // Every byte the stores wrote, write-ahead logs included: the hash is there, the key is not.
    const written = Buffer.concat(
      ['events.db', 'events.db-wal', 'read.db', 'read.db-wal']
        .map((f) => join(running.dataDir, f))
        .filter((f) => existsSync(f))
        .map((f) => readFileSync(f)),
    );
    expect(written.includes(hashApiKey(apiKey))).toBe(true);
    expect(written.includes(apiKey)).toBe(false);
  });

  it('two rotations with one key at once: one new key, the other call answers 401', async () => {
    const me = await register(api);
    const both = await Promise.all([rotate(api, me.key), rotate(api, me.key)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 401]);
    const key = both.find((r) => r.status === 201)!.body.apiKey;
    expect((await api.get('/api/v1/agents/me', key)).status).toBe(200);
  });
});

describe('API key rotation across two instances on one store (e2e)', () => {
  let first: RunningApp;
  let second: RunningApp;

  beforeAll(async () => {
    first = await startApp();
    // The second instance runs no projections and keeps no documents in memory, as an API
    // instance against MongoDB: it authenticates from the shared read store alone.
    second = await startApp({ dataDir: first.dataDir, env: { PROJECTIONS: 'off' } });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('a key rotated through one instance is refused by the other from the answer on, and the new key accepted', async () => {
    const [apiA, apiB] = [client(first.baseUrl), client(second.baseUrl)];
    const me = await register(apiA);
    expect((await apiB.get('/api/v1/agents/me', me.key)).status).toBe(200);
    const viaA = await rotate(apiA, me.key);
    expect(viaA.status).toBe(201);
    expect((await apiB.get('/api/v1/agents/me', me.key)).status).toBe(401);
    expect((await apiB.get('/api/v1/agents/me', viaA.body.apiKey)).status).toBe(200);

    const viaB = await rotate(apiB, viaA.body.apiKey);
    expect(viaB.status).toBe(201);
    expect((await apiA.get('/api/v1/agents/me', viaA.body.apiKey)).status).toBe(401);
    expect((await apiA.get('/api/v1/agents/me', viaB.body.apiKey)).status).toBe(200);
  });
});
