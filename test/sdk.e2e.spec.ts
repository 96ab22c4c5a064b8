import { ManualClock } from '@companion/platform';
import {
  CompanionError,
  createCompanionClient,
  idempotent,
  must,
  pulses,
  type Schemas,
} from '../libs/sdk/src';
import { RunningApp, startApp } from './support/app';

/**
 * Two agents live a whole story through the typed SDK (libs/sdk) against the running service,
 * without a single cast: every path, body and answer is typed from the OpenAPI document.
 */
describe('the SDK (libs/sdk) against the running service', () => {
  let running: RunningApp;
  const clock = new ManualClock(new Date('2026-11-18T12:00:00.000Z'));

  beforeAll(async () => {
    running = await startApp({ clock });
  });
  afterAll(() => running.close());

  const registration = (name: string): Schemas['RegisterAgentDto'] => ({
    name,
    bio: 'A fictional persona who reads the OpenAPI document before breakfast.',
    personalityTraits: {
      openness: 0.9,
      conscientiousness: 0.7,
      extraversion: 0.5,
      agreeableness: 0.8,
      neuroticism: 0.2,
    },
    interests: ['typed clients', 'astronomy'],
  });

  it('registers, matches, talks, rates, dates, RSVPs and reads the public story', async () => {
    const publicApi = createCompanionClient({ baseUrl: running.baseUrl });
    const ada = must(await publicApi.POST('/api/v1/agents', { body: registration('Ada SDK') }));
    const bo = must(await publicApi.POST('/api/v1/agents', { body: registration('Bo SDK') }));
    expect(ada.apiKey).toMatch(/^companion_sk_/);
    const a = createCompanionClient({ baseUrl: running.baseUrl, apiKey: ada.apiKey });
    const b = createCompanionClient({ baseUrl: running.baseUrl, apiKey: bo.apiKey });

    expect(must(await a.GET('/api/v1/agents/me')).agent.id).toBe(ada.agent.id);
    const candidates = must(await a.GET('/api/v1/discover', { params: { query: { limit: 10 } } }));
    expect(candidates.agents.map((c) => c.id)).toContain(bo.agent.id);

    const first = must(
      await a.POST('/api/v1/swipe', { body: { targetAgentId: bo.agent.id, liked: true } }),
    );
    expect(first.match).toBeNull();
    const second = must(
      await b.POST('/api/v1/swipe', { body: { targetAgentId: ada.agent.id, liked: true } }),
    );
    const matchId = second.match?.id;
    if (!matchId) throw new Error('a mutual like creates a match');
    const id = { params: { path: { id: matchId } } };

    const sent = must(
      await a.POST('/api/v1/matches/{id}/messages', { ...id, body: { content: 'Hello, Bo.' } }),
    );
    expect(sent.message.content).toBe('Hello, Bo.');
    must(await b.POST('/api/v1/matches/{id}/messages', { ...id, body: { content: 'Hi Ada!' } }));
    const history = must(await a.GET('/api/v1/matches/{id}/messages', id));
    expect(history.messages.map((m) => m.content)).toEqual(['Hi Ada!', 'Hello, Bo.']);

    const rated = must(
      await a.POST('/api/v1/matches/{id}/chemistry-rating', {
        ...id,
        body: { rating: 0.9, reason: 'Types line up.' },
      }),
    );
    expect(rated.match.status).toBe('active');

    const started = must(
      await a.POST('/api/v1/matches/{id}/activities', {
        ...id,
        body: { scenarioId: 'postcards-from-tomorrow' },
      }),
    );
    const activity = { params: { path: { id: started.activity.id } } };
    const couple = [
      { client: a, who: 'Ada' },
      { client: b, who: 'Bo' },
    ];
    for (const step of [1, 2, 3])
      for (const { client, who } of couple)
        must(
          await client.POST('/api/v1/activities/{id}', {
            ...activity,
            body: { step, content: `${who} writes round ${step} of the postcard.` },
          }),
        );
    const done = must(await publicApi.GET('/api/v1/activities/{id}', activity));
    expect(done.activity.status).toBe('completed');
    const keepsakeId = done.keepsake?.id;
    if (!keepsakeId) throw new Error('a completed date has a keepsake');
    const keepsake = must(
      await publicApi.GET('/api/v1/keepsakes/{id}', { params: { path: { id: keepsakeId } } }),
    );
    expect(keepsake.rounds.map((r) => r.contributions.length)).toEqual([2, 2, 2]);

    const mixer = must(await a.GET('/api/v1/mixer'));
    const rsvp = must(
      await a.POST('/api/v1/mixer/{key}/rsvp', {
        params: { path: { key: mixer.key } },
        body: { action: 'RSVP' },
      }),
    );
    expect(rsvp.rsvp).toBe('going');

    const feed = must(await publicApi.GET('/api/v1/feed', { params: { query: { limit: 50 } } }));
    expect(feed.items.map((item) => item.type)).toContain('date.completed');
    const board = must(await publicApi.GET('/api/v1/leaderboard'));
    expect(board.entries.length).toBeGreaterThan(0);

    // An error is typed as the one error body.
    const missing = await publicApi.GET('/api/v1/agents/{id}', {
      params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(missing.error?.code).toBe('agent_not_found');
    expect(() => must(missing)).toThrow(CompanionError);
  });

  it('loops on the pulse with its stateToken, yielding only what changed', async () => {
    const publicApi = createCompanionClient({ baseUrl: running.baseUrl });
    const me = must(await publicApi.POST('/api/v1/agents', { body: registration('Pulse SDK') }));
    const api = createCompanionClient({ baseUrl: running.baseUrl, apiKey: me.apiKey });
    const waits: number[] = [];
    const controller = new AbortController();
    const seen: Schemas['Pulse'][] = [];
    for await (const pulse of pulses(api, {
      signal: controller.signal,
      sleep: async (ms) => {
        waits.push(ms);
        if (waits.length === 3) controller.abort();
      },
    }))
      seen.push(pulse);
    // Three polls, one change: the first; the next two had the same stateToken.
    expect(seen).toHaveLength(1);
    expect(seen[0].agentId).toBe(me.agent.id);
    expect(waits).toEqual([300_000, 300_000, 300_000]);
  });

  it('waits retryAfter on a 429 and tries again, with the same Idempotency-Key', async () => {
    const limited = await startApp({ env: { RATE_LIMITS: 'on' }, clock: new ManualClock() });
    try {
      const sleeps: number[] = [];
      const sent: Array<string | null> = [];
      const api = createCompanionClient({
        baseUrl: limited.baseUrl,
        retries429: 1,
        sleep: async (ms) => {
          sleeps.push(ms);
        },
        fetch: (request) => {
          sent.push(request instanceof Request ? request.headers.get('idempotency-key') : null);
          return fetch(request);
        },
      });
      // Registration allows 5 a minute per address; the clock stands still, so the window never ends.
      for (let i = 0; i < 5; i++)
        must(await api.POST('/api/v1/agents', { body: registration(`Limited ${i}`) }));
      sent.length = 0;
      const refused = await api.POST('/api/v1/agents', {
        body: registration('One too many'),
        ...idempotent('retry-me-once'),
      });
      expect(refused.response.status).toBe(429);
      expect(refused.error?.retryAfter).toBeGreaterThan(0);
      expect(sleeps).toEqual([(refused.error?.retryAfter ?? 0) * 1000]);
      expect(sent).toEqual(['retry-me-once', 'retry-me-once']);
    } finally {
      await limited.close();
    }
  });
});
