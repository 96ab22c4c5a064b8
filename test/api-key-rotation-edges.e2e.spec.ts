import { randomUUID } from 'node:crypto';
import { EVENT_STORE, EventStore } from '@companion/event-store';
import { hashApiKey, ManualClock } from '@companion/platform';
import { io } from 'socket.io-client';
import { WebSocket } from 'ws';
import { client, Client, register, RunningApp, startApp, until } from './support/app';

const rotate = (api: Client, key: string) => api.post('/api/v1/agents/me/api-key', undefined, key);

/** API key rotation at its edges: read models that lag behind it, its rate limit, and the owner dashboard. */
describe('API key rotation while the read models lag (e2e, an API instance without projections)', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp();
  });
  afterAll(() => running.close());

  it('refuses a realtime connection that passed the key check on a read model that had not applied the rotation yet', async () => {
    const me = await register(client(running.baseUrl));
    await running.close();
    // The same stores, with no projection running: the read models keep the old key, as they do
    // for the milliseconds between the append of ApiKeyRotated and the projector applying it.
    running = await startApp({ dataDir: running.dataDir, env: { PROJECTIONS: 'off' } });
    const wsUrl = `${running.baseUrl.replace(/^http/, 'ws')}/ws`;
    const wsAs = async (key: string) => {
      const socket = new WebSocket(wsUrl);
      const state = {
        frames: [] as string[],
        closed: null as null | { code: number; reason: string },
      };
      socket.on('message', (d) =>
        state.frames.push(JSON.parse((d as Buffer).toString('utf8')).type),
      );
      socket.on('close', (code, reason) => (state.closed = { code, reason: String(reason) }));
      await new Promise((r) => socket.once('open', r));
      socket.send(JSON.stringify({ type: 'auth', apiKey: key }));
      return state;
    };
    const before = await wsAs(me.key);
    await until('auth:success', () => (before.frames.includes('auth:success') ? true : undefined));

    const store = running.app.get<EventStore>(EVENT_STORE);
    const stream = `agent-${me.id}`;
    const [last] = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
    const newHash = hashApiKey('companion_sk_' + 'n'.repeat(43));
    await store.append(
      stream,
      [
        {
          id: randomUUID(),
          type: 'ApiKeyRotated',
          data: { agentId: me.id, apiKeyHash: newHash, previousKeyHash: hashApiKey(me.key) },
          metadata: { occurredAt: new Date().toISOString(), actorId: me.id },
        },
      ],
      last.revision,
    );
    // The live log delivered the rotation: the connection registered before it is closed...
    expect(await until('the old /ws to close', () => before.closed ?? undefined)).toEqual({
      code: 4401,
      reason: 'api_key_rotated',
    });
    // ...and one that registers after it, although the read model still accepts the old key.
    expect((await client(running.baseUrl).get('/api/v1/agents/me', me.key)).status).toBe(200);
    const late = await wsAs(me.key);
    expect(await until('the late /ws to close', () => late.closed ?? undefined)).toEqual({
      code: 4401,
      reason: 'api_key_rotated',
    });
    expect(late.frames).not.toContain('auth:success');

    const lateIo = io(running.baseUrl, {
      auth: { apiKey: me.key },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      // Whichever comes first: refused at registration, or let in.
      const outcome = await new Promise<string>((resolve) => {
        lateIo.once('disconnect', (reason) => resolve(`disconnect: ${reason}`));
        lateIo.once('auth:success', () => resolve('auth:success'));
      });
      expect(outcome).toBe('disconnect: io server disconnect');
    } finally {
      lateIo.close();
    }
  });
});

describe('API key rotation limit (e2e, RATE_LIMITS=on)', () => {
  let running: RunningApp;
  let api: Client;
  const clock = new ManualClock(new Date('2026-11-18T10:00:00.000Z'));

  beforeAll(async () => {
    running = await startApp({ clock, env: { RATE_LIMITS: 'on' } });
    api = client(running.baseUrl);
  });
  afterAll(() => running.close());

  it('allows 5 rotations per hour per agent, then 429 with retryAfter, and again after the hour', async () => {
    const me = await register(api);
    let key = me.key;
    for (let i = 0; i < 5; i++) {
      const res = await rotate(api, key);
      expect(res.status).toBe(201);
      key = res.body.apiKey;
    }
    const refused = await rotate(api, key);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited', retryAfter: expect.any(Number) });
    expect(refused.body.retryAfter).toBeGreaterThan(60);
    expect(refused.body.retryAfter).toBeLessThanOrEqual(3600);
    expect(Number(refused.headers.get('retry-after'))).toBe(refused.body.retryAfter);
    expect((await api.get('/api/v1/agents/me', key)).status).toBe(200); // the key still works
    const other = await register(api);
    expect((await rotate(api, other.key)).status).toBe(201); // per agent
    clock.advance(refused.body.retryAfter * 1000);
    expect((await rotate(api, key)).status).toBe(201);
  });
});

describe('Owner dashboard: when the key was last rotated and last used (e2e)', () => {
  let running: RunningApp;
  let api: Client;
  const clock = new ManualClock(new Date('2026-11-18T12:00:00.000Z'));

  beforeAll(async () => {
    running = await startApp({ clock });
    api = client(running.baseUrl);
  });
  afterAll(() => running.close());

  /** An owner session for the agent, as the browser gets one: owner link, redeemed. */
  async function ownerSession(key: string): Promise<string> {
    const link = await api.post('/api/v1/agents/me/owner-link', undefined, key);
    const secret = link.body.ownerUrl.slice(link.body.ownerUrl.indexOf('#') + 1);
    const res = await api.request('POST', '/owner/session', {
      body: { secret },
      headers: { 'x-companion-owner': '1' },
    });
    expect(res.status).toBe(201);
    return res.headers.get('set-cookie')!.split(';')[0];
  }
  const dashboard = async (cookie: string) => {
    const res = await api.request('GET', '/owner/api/dashboard', {
      headers: { cookie, 'x-companion-owner': '1' },
    });
    expect(res.status).toBe(200);
    return res;
  };
  const keyOnDashboard = async (cookie: string, until: (k: any) => boolean) => {
    for (let i = 0; i < 200; i++) {
      const { key } = (await dashboard(cookie)).body;
      if (until(key)) return key;
      await new Promise((r) => setTimeout(r, 25)); // the check-in is recorded after the pulse answers
    }
    throw new Error('the dashboard never showed the expected key activity');
  };

  it('shows lastRotatedAt and lastUsedAt (the pulse check-in), never the key or its hash', async () => {
    const me = await register(api);
    const cookie = await ownerSession(me.key);
    expect((await dashboard(cookie)).body.key).toEqual({ lastRotatedAt: null, lastUsedAt: null });

    const usedAt = clock.now().toISOString();
    expect((await api.get('/api/v1/agents/me/pulse', me.key)).status).toBe(200);
    expect(await keyOnDashboard(cookie, (k) => k.lastUsedAt !== null)).toEqual({
      lastRotatedAt: null,
      lastUsedAt: usedAt,
    });

    clock.advance(5 * 60_000);
    const rotatedAt = clock.now().toISOString();
    const { apiKey } = (await rotate(api, me.key)).body;
    const afterRotation = await dashboard(cookie);
    expect(afterRotation.body.key).toEqual({ lastRotatedAt: rotatedAt, lastUsedAt: null });
    expect(JSON.stringify(afterRotation.body)).not.toContain(apiKey);
    expect(JSON.stringify(afterRotation.body)).not.toContain(hashApiKey(apiKey));
    expect(JSON.stringify(afterRotation.body)).not.toContain(hashApiKey(me.key));

    clock.advance(2 * 60_000);
    const usedAgainAt = clock.now().toISOString();
    await api.get('/api/v1/agents/me/pulse', apiKey);
    expect(await keyOnDashboard(cookie, (k) => k.lastUsedAt !== null)).toEqual({
      lastRotatedAt: rotatedAt,
      lastUsedAt: usedAgainAt,
    });
  });
});
