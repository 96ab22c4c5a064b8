import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ManualClock } from '@companion/platform';
import { client, Client, matchPair, register, RunningApp, startApp } from './support/app';
import { CLI } from './support/process';

type Agent = Awaited<ReturnType<typeof register>>;

const report = (api: Client, by: Agent, id: string, body: unknown) =>
  api.post(`/api/v1/agents/${id}/report`, body, by.key);

describe('Reporting (an addition to the spec; e2e over HTTP)', () => {
  let running: RunningApp;
  let api: Client;

  beforeAll(async () => {
    running = await startApp();
    api = client(running.baseUrl);
  });
  afterAll(() => running.close());

  it('answers 202 { reportId }, with or without a match of the two agents', async () => {
    const [a, b] = [await register(api), await register(api)];
    const plain = await report(api, a, b.id, { reason: 'Sends the same line to everyone.' });
    expect(plain.status).toBe(202);
    expect(plain.body).toEqual({ reportId: expect.any(String) });
    const matchId = await matchPair(api, a, b);
    const withMatch = await report(api, b, a.id, { reason: 'Rude in our match.', matchId });
    expect(withMatch.status).toBe(202);
    expect(withMatch.body.reportId).not.toBe(plain.body.reportId);
  });

  it('refuses oneself (400), an unknown or deleted agent (404), and needs a key (401)', async () => {
    const [a, gone] = [await register(api), await register(api)];
    const self = await report(api, a, a.id, { reason: 'me' });
    expect(self.status).toBe(400);
    expect(self.body.code).toBe('cannot_report_self');
    const unknown = await report(api, a, '00000000-0000-4000-8000-000000000000', { reason: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('agent_not_found');
    await api.delete('/api/v1/agents/me', gone.key);
    expect((await report(api, a, gone.id, { reason: 'x' })).status).toBe(404);
    expect((await api.post(`/api/v1/agents/${a.id}/report`, { reason: 'x' })).status).toBe(401);
  });

  it('refuses (403) a matchId the caller is not a participant of, known or not; 400 for its match with someone else', async () => {
    const [a, b, c] = [await register(api), await register(api), await register(api)];
    const theirs = await matchPair(api, b, c);
    const notMine = await report(api, a, b.id, { reason: 'x', matchId: theirs });
    expect(notMine.status).toBe(403);
    expect(notMine.body.code).toBe('not_a_participant');
    expect((await report(api, a, b.id, { reason: 'x', matchId: 'no-such-match' })).status).toBe(
      403,
    );
    const other = await report(api, b, a.id, { reason: 'x', matchId: theirs });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('match_not_with_agent');
  });

  it.each<[string, unknown]>([
    ['no reason', {}],
    ['an empty reason', { reason: '' }],
    ['a reason of 1001 characters', { reason: 'x'.repeat(1001) }],
    ['a reason that is not a string', { reason: 42 }],
    ['a null matchId', { reason: 'x', matchId: null }],
    ['a matchId that is not a string', { reason: 'x', matchId: 7 }],
    ['an unknown field', { reason: 'x', severity: 'high' }],
  ])('refuses %s with 400', async (_, body) => {
    const [a, b] = [await register(api), await register(api)];
    const res = await report(api, a, b.id, body);
    expect(res.status).toBe(400);
  });

  it('documents the additions in the OpenAPI document, each marked as an addition to the spec', async () => {
    const { paths } = (await api.get('/api/v1/openapi.json')).body;
    for (const [path, method] of [
      ['/api/v1/agents/me/api-key', 'post'],
      ['/api/v1/agents/{id}/block', 'post'],
      ['/api/v1/agents/{id}/block', 'delete'],
      ['/api/v1/agents/me/blocks', 'get'],
      ['/api/v1/agents/{id}/report', 'post'],
    ]) {
      expect(paths[path]?.[method]?.summary).toMatch(/an addition to the spec/);
      expect(paths[path][method].security).toEqual([{ apiKey: [] }]);
    }
    expect(paths['/api/v1/agents/{id}/report'].post.requestBody).toBeDefined();
  });

  it('accepts a reason of exactly 1000 characters', async () => {
    const [a, b] = [await register(api), await register(api)];
    expect((await report(api, a, b.id, { reason: 'é'.repeat(1000) })).status).toBe(202);
  });

  it('lists reports for operators: npm run cli -- reports [--agent ID] [--json], newest first', async () => {
    const [a, b, c] = [await register(api), await register(api), await register(api)];
    const matchId = await matchPair(api, a, b);
    const first = (await report(api, a, b.id, { reason: 'First about b', matchId })).body.reportId;
    const second = (await report(api, c, b.id, { reason: 'Second about b' })).body.reportId;
    const third = (await report(api, b, c.id, { reason: 'About c' })).body.reportId;
    const cli = async (...args: string[]) =>
      (
        await promisify(execFile)(process.execPath, [CLI, ...args], {
          env: { ...process.env, DATA_DIR: running.dataDir },
        })
      ).stdout;
    const aboutB = JSON.parse(await cli('reports', '--agent', b.id, '--json'));
    expect(aboutB).toEqual([
      {
        reportId: second,
        createdAt: expect.any(String),
        reported: { id: b.id, name: b.agent.name },
        reporter: { id: c.id, name: c.agent.name },
        reason: 'Second about b',
        matchId: null,
      },
      {
        reportId: first,
        createdAt: expect.any(String),
        reported: { id: b.id, name: b.agent.name },
        reporter: { id: a.id, name: a.agent.name },
        reason: 'First about b',
        matchId,
      },
    ]);
    const all = JSON.parse(await cli('reports', '--json')).map((r: any) => r.reportId);
    expect(all.slice(0, 3)).toEqual([third, second, first]);
    const text = await cli('reports', '--agent', c.id);
    expect(text).toContain(`report ${third}`);
    expect(text).toContain(`reported: ${c.id} (${c.agent.name})`);
    expect(text).toContain(`reporter: ${b.id} (${b.agent.name})`);
    expect(text).toContain('reason:   "About c"');
    expect(text).not.toContain(first);
  });
});

describe('Reporting limit (e2e, RATE_LIMITS=on)', () => {
  let running: RunningApp;
  let api: Client;
  const clock = new ManualClock(new Date('2026-11-18T10:00:00.000Z'));

  beforeAll(async () => {
    running = await startApp({ clock, env: { RATE_LIMITS: 'on' } });
    api = client(running.baseUrl);
  });
  afterAll(() => running.close());

  it('allows 10 reports per hour by one reporting agent, then 429 with retryAfter; refused reports do not count', async () => {
    const [a, b, c] = [await register(api), await register(api), await register(api)];
    const refused = [
      await report(api, a, a.id, { reason: 'me' }),
      await report(api, a, '00000000-0000-4000-8000-000000000000', { reason: 'x' }),
      await report(api, a, b.id, { reason: '' }),
      await report(api, a, b.id, { reason: 'x', matchId: 'no-such-match' }),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 404, 400, 403]);
    for (let i = 0; i < 10; i++)
      expect((await report(api, a, i % 2 ? b.id : c.id, { reason: `r${i}` })).status).toBe(202);
    const limited = await report(api, a, b.id, { reason: 'one more' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited', retryAfter: expect.any(Number) });
    expect(Number(limited.headers.get('retry-after'))).toBe(limited.body.retryAfter);
    expect((await report(api, b, a.id, { reason: 'another reporter' })).status).toBe(202);
    clock.advance(limited.body.retryAfter * 1000);
    expect((await report(api, a, b.id, { reason: 'next hour' })).status).toBe(202);
  });
});
