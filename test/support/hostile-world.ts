import { ManualClock } from '@companion/platform';
import { agentInput, client, Client, register, Response, RunningApp, startApp } from './app';
import { Agent, BodyEndpoint, CONTRIBUTION, TRAITS, WEDNESDAY } from './hostile-input';

export interface HostileFixtures {
  running: RunningApp;
  api: Client;
  a: Agent;
  b: Agent;
  c: Agent;
  d: Agent;
  f: Agent;
  outsider: Agent;
  chatMatch: string;
  dateMatch: string;
  activityId: string;
  mixerKey: string;
}

/**
 * The app and the agents every hostile-input suite attacks. Call it inside the suite's describe: it
 * starts the app before the suite, closes it after, and checks after every test that nothing was
 * polluted. `fixtures()` answers the agents and ids once the suite has started; `ENDPOINTS` lists
 * every JSON-body endpoint with a valid body and the type of each field.
 */
export function hostileWorld() {
  let running: RunningApp;
  let api: Client;
  const clock = new ManualClock(new Date(WEDNESDAY));
  // Fixtures: A and B are matched (conversation); C and D are matched with an ongoing guided date;
  // F is a swipe target; O an outsider.
  let a: Agent, b: Agent, c: Agent, d: Agent, f: Agent, outsider: Agent;
  let chatMatch: string;
  let dateMatch: string;
  let activityId: string;
  let mixerKey: string;

  const head = async (): Promise<number> => {
    const res = await api.get('/api/health');
    expect(res.status).toBe(200);
    return res.body.eventStore.head;
  };

  /** Runs a request and checks that nothing was appended and the service still answers. */
  async function nothingWritten(run: () => Promise<Response>): Promise<Response> {
    const before = await head();
    const res = await run();
    const after = await api.get('/api/health');
    expect(after.status).toBe(200);
    expect(after.body.eventStore.head).toBe(before);
    return res;
  }

  /** Waits until the event-store head stops moving (for appends made after an answer, like pulse telemetry). */
  async function settled(): Promise<void> {
    for (let last = await head(); ;) {
      await new Promise((r) => setTimeout(r, 150));
      const now = await head();
      if (now === last) return;
      last = now;
    }
  }

  async function matchPair(x: Agent, y: Agent): Promise<string> {
    await api.post('/api/v1/swipe', { targetAgentId: y.id, liked: true }, x.key);
    const res = await api.post('/api/v1/swipe', { targetAgentId: x.id, liked: true }, y.key);
    return res.body.match.id;
  }

  beforeAll(async () => {
    running = await startApp({ clock });
    api = client(running.baseUrl);
    [a, b, c, d, f, outsider] = [
      await register(api, { name: 'Alma' }),
      await register(api, { name: 'Bram' }),
      await register(api, { name: 'Cleo' }),
      await register(api, { name: 'Dov' }),
      await register(api, { name: 'Fen' }),
      await register(api, { name: 'Olu' }),
    ];
    chatMatch = await matchPair(a, b);
    await api.post(
      `/api/v1/matches/${chatMatch}/messages`,
      { content: 'A private-looking hello from Alma' },
      a.key,
    );
    dateMatch = await matchPair(c, d);
    const started = await api.post(
      `/api/v1/matches/${dateMatch}/activities`,
      { scenarioId: 'midnight-mystery' },
      c.key,
    );
    expect(started.status).toBe(201);
    activityId = started.body.activity.id;
    const mixer = await api.get('/api/v1/mixer');
    expect(mixer.status).toBe(200);
    mixerKey = mixer.body.key;
  });
  afterAll(() => running.close());
  afterEach(() => {
    // Never any prototype pollution, whatever the case sent.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  const registration = (): Record<string, unknown> =>
    agentInput({
      backstory: 'Grew up in a lighthouse.',
      avatarUrl: 'https://example.com/a.png',
      framework: 'custom',
      sceneId: 'cozy-library',
      source: 'campaign:x',
    });

  const ENDPOINTS: BodyEndpoint[] = [
    {
      name: 'POST /api/v1/agents',
      method: 'POST',
      path: () => '/api/v1/agents',
      key: () => undefined,
      valid: registration,
      fields: {
        name: 'string',
        bio: 'string',
        backstory: 'optional-string',
        avatarUrl: 'optional-string',
        framework: 'optional-string',
        personalityTraits: 'traits',
        interests: 'string-array',
        sceneId: 'string',
        source: 'optional-string',
      },
      ok: [201],
    },
    {
      name: 'PATCH /api/v1/agents/me',
      method: 'PATCH',
      path: () => '/api/v1/agents/me',
      key: () => a.key,
      valid: () => ({
        name: 'Alma',
        bio: 'Still fond of well-indexed data.',
        backstory: 'Lighthouse keeper.',
        avatarUrl: 'https://example.com/alma.png',
        personalityTraits: TRAITS,
        interests: ['poetry'],
        sceneId: 'cozy-library',
      }),
      fields: {
        name: 'string',
        bio: 'string',
        backstory: 'optional-string',
        avatarUrl: 'optional-string',
        personalityTraits: 'traits',
        interests: 'string-array',
        sceneId: 'nullable-string',
      },
      ok: [200],
    },
    {
      name: 'POST /api/v1/swipe',
      method: 'POST',
      path: () => '/api/v1/swipe',
      key: () => a.key,
      valid: () => ({ targetAgentId: f.id, liked: true }),
      fields: { targetAgentId: 'string', liked: 'boolean' },
      ok: [200],
    },
    {
      name: 'POST /api/v1/matches/{id}/messages',
      method: 'POST',
      path: () => `/api/v1/matches/${chatMatch}/messages`,
      key: () => a.key,
      valid: () => ({ content: 'Hello there' }),
      fields: { content: 'string' },
      ok: [201],
    },
    {
      name: 'POST /api/v1/matches/{id}/chemistry-rating',
      method: 'POST',
      path: () => `/api/v1/matches/${chatMatch}/chemistry-rating`,
      key: () => a.key,
      valid: () => ({ rating: 0.9, reason: 'sparks' }),
      fields: { rating: 'number', reason: 'optional-string' },
      ok: [200],
    },
    {
      name: 'POST /api/v1/matches/{id}/activities',
      method: 'POST',
      path: () => `/api/v1/matches/${dateMatch}/activities`,
      key: () => c.key,
      valid: () => ({ scenarioId: 'midnight-mystery' }),
      fields: { scenarioId: 'enum' },
      ok: [200],
    },
    {
      name: 'POST /api/v1/activities/{id}',
      method: 'POST',
      path: () => `/api/v1/activities/${activityId}`,
      key: () => c.key,
      valid: () => ({ step: 1, content: CONTRIBUTION }),
      fields: { step: 'integer', content: 'string' },
      ok: [200, 201],
    },
    {
      name: 'POST /api/v1/mixer/{key}/rsvp',
      method: 'POST',
      path: () => `/api/v1/mixer/${mixerKey}/rsvp`,
      key: () => a.key,
      valid: () => ({ action: 'RSVP' }),
      fields: { action: 'enum' },
      ok: [200],
    },
    {
      name: 'POST /api/v1/matches/{id}/dates (legacy)',
      method: 'POST',
      path: () => `/api/v1/matches/${dateMatch}/dates`,
      key: () => c.key,
      valid: () => ({ scenarioId: 'midnight-mystery' }),
      fields: { scenarioId: 'enum' },
      ok: [200],
    },
  ];

  return {
    ENDPOINTS,
    nothingWritten,
    settled,
    fixtures: (): HostileFixtures => ({
      running,
      api,
      a,
      b,
      c,
      d,
      f,
      outsider,
      chatMatch,
      dateMatch,
      activityId,
      mixerKey,
    }),
  };
}
