import { IdempotentRequests, requestFingerprint } from '@companion/platform';
import { client, Client, matchPair, register, RunningApp, startApp } from './support/app';

interface Raw {
  status: number;
  text: string;
  headers: Headers;
}

/** A write with an Idempotency-Key, read as the bytes sent (a replay must be byte for byte). */
async function write(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  apiKey: string,
  idempotencyKey?: string,
): Promise<Raw> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${apiKey}`,
    'content-type': 'application/json',
  };
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body: JSON.stringify(body) });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

describe('Idempotency-Key (docs/idempotency.md)', () => {
  let running: RunningApp;
  let api: Client;
  let a: { id: string; key: string };
  let b: { id: string; key: string };
  let matchId: string;
  const messages = `/api/v1/matches/`;
  const messagesOf = async () =>
    (await api.get(`/api/v1/matches/${matchId}/messages`, a.key)).body.messages as unknown[];

  beforeAll(async () => {
    running = await startApp();
    api = client(running.baseUrl);
    [a, b] = [await register(api), await register(api)];
    matchId = await matchPair(api, a, b);
  });
  afterAll(() => running.close());

  const send = (content: string, key?: string, agent = a) =>
    write(running.baseUrl, 'POST', `${messages}${matchId}/messages`, { content }, agent.key, key);

  it('replays the original status and body byte for byte, with Idempotent-Replayed, writing nothing', async () => {
    const before = (await messagesOf()).length;
    const first = await send('only once', 'key-replay-1');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await send('only once', 'key-replay-1');
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(await messagesOf()).toHaveLength(before + 1);
  });

  it('refuses the same key for another body or path with 422 idempotency_key_reused', async () => {
    expect((await send('first body', 'key-reused-1')).status).toBe(201);
    const otherBody = await send('second body', 'key-reused-1');
    expect(otherBody.status).toBe(422);
    expect(JSON.parse(otherBody.text)).toMatchObject({
      statusCode: 422,
      code: 'idempotency_key_reused',
    });
    const otherPath = await write(
      running.baseUrl,
      'PATCH',
      '/api/v1/agents/me',
      { bio: 'A new bio for a reused key.' },
      a.key,
      'key-reused-1',
    );
    expect(otherPath.status).toBe(422);
  });

  it('answers 409 idempotency_key_in_flight while the first request is still being processed', async () => {
    // Another API instance has claimed the key for this very request and not answered yet.
    const path = `${messages}${matchId}/messages`;
    const requests = running.app.get(IdempotentRequests);
    await requests.begin(a.id, 'key-in-flight-1', {
      method: 'POST',
      path,
      fingerprint: requestFingerprint('POST', path, { content: 'held' }),
    });
    const before = (await messagesOf()).length;
    const res = await send('held', 'key-in-flight-1');
    expect(res.status).toBe(409);
    expect(JSON.parse(res.text).code).toBe('idempotency_key_in_flight');
    expect(await messagesOf()).toHaveLength(before);
  });

  it('lets two concurrent requests with one key write once', async () => {
    const before = (await messagesOf()).length;
    const results = await Promise.all([
      send('concurrent', 'key-concurrent-1'),
      send('concurrent', 'key-concurrent-1'),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect([
      [201, 409],
      [201, 201],
    ]).toContainEqual(statuses);
    const originals = results.filter((r) => r.status === 201);
    expect(new Set(originals.map((r) => r.text)).size).toBe(1);
    for (const r of results.filter((r) => r.status === 409))
      expect(JSON.parse(r.text).code).toBe('idempotency_key_in_flight');
    expect(await messagesOf()).toHaveLength(before + 1);
    // Once the first has answered, the key replays.
    const later = await send('concurrent', 'key-concurrent-1');
    expect(later.text).toBe(originals[0].text);
  });

  it.each([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['not ASCII', 'caf\u00e9'],
    ['holding a space', 'two words'],
  ])('refuses a key that is %s with 400, writing nothing', async (_, key) => {
    const before = (await messagesOf()).length;
    const res = await send('bad key', key);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).code).toBe('invalid_idempotency_key');
    expect(await messagesOf()).toHaveLength(before);
  });

  it('accepts 255 visible ASCII characters', async () => {
    const key = '!~'.repeat(127) + 'k';
    expect((await send('long key', key)).status).toBe(201);
    expect((await send('long key', key)).headers.get('idempotent-replayed')).toBe('true');
  });

  it('scopes keys to the agent, and changes nothing without the header', async () => {
    const before = (await messagesOf()).length;
    expect((await send('mine', 'shared-key')).status).toBe(201);
    const other = await send('mine', 'shared-key', b);
    expect(other.status).toBe(201);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    await send('no key');
    await send('no key');
    expect(await messagesOf()).toHaveLength(before + 4);
  });

  it('replays a refusal (4xx) as it was', async () => {
    const toNowhere = () =>
      write(
        running.baseUrl,
        'POST',
        '/api/v1/matches/nope/messages',
        { content: 'to nowhere' },
        a.key,
        'key-404',
      );
    const first = await toNowhere();
    expect(first.status).toBe(404);
    const again = await toNowhere();
    expect(again).toMatchObject({ status: 404, text: first.text });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('does not cover registration: its answer holds a key that is never stored', async () => {
    const body = {
      name: 'Twice',
      bio: 'Registered with an Idempotency-Key that is ignored here.',
      personalityTraits: {
        openness: 0.5,
        conscientiousness: 0.5,
        extraversion: 0.5,
        agreeableness: 0.5,
        neuroticism: 0.5,
      },
      interests: ['tests'],
    };
    const headers = { 'content-type': 'application/json', 'idempotency-key': 'register-1' };
    const post = () =>
      fetch(`${running.baseUrl}/api/v1/agents`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
    const [one, two] = [await post(), await post()];
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(((await one.json()) as any).agent.id).not.toBe(((await two.json()) as any).agent.id);
  });
});

describe('Idempotency-Key across a restart', () => {
  it('replays after the API restarted on the same data, writing nothing', async () => {
    const first = await startApp();
    const api = client(first.baseUrl);
    const [a, b] = [await register(api), await register(api)];
    const matchId = await matchPair(api, a, b);
    const path = `/api/v1/matches/${matchId}/messages`;
    const original = await write(
      first.baseUrl,
      'POST',
      path,
      { content: 'hi' },
      a.key,
      'restart-1',
    );
    expect(original.status).toBe(201);
    await first.close();

    const second = await startApp({ dataDir: first.dataDir });
    try {
      const again = await write(
        second.baseUrl,
        'POST',
        path,
        { content: 'hi' },
        a.key,
        'restart-1',
      );
      expect(again).toMatchObject({ status: 201, text: original.text });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      const list = await client(second.baseUrl).get(path, a.key);
      expect(list.body.messages).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
