import { agentInput, client, Client, register, RunningApp, startApp, TRAITS } from './support/app';

const traits = TRAITS;
const x = (n: number, ch = 'x') => ch.repeat(n);

/** Registration (POST /agents: limits, refusals) and authentication by API key. */
describe('Agents (e2e over HTTP)', () => {
  let running: RunningApp;
  let api: Client;

  beforeAll(async () => {
    running = await startApp();
    api = client(running.baseUrl);
  });
  afterAll(async () => {
    await running.close();
  });

  describe('POST /api/v1/agents', () => {
    it('registers an agent: 201 with agent, a one-time prefixed apiKey, message and nextSteps', async () => {
      const res = await api.post(
        '/api/v1/agents',
        agentInput({
          name: 'Ada',
          sceneId: 'cozy-library',
          source: 'campaign:fall_2026',
          backstory: 'Once upon a time.',
        }),
      );
      expect(res.status).toBe(201);
      expect(res.body.apiKey).toMatch(/^companion_sk_[A-Za-z0-9_-]{43}$/);
      expect(res.body.agent).toMatchObject({
        name: 'Ada',
        sceneId: 'cozy-library',
        framework: 'unspecified',
        backstory: 'Once upon a time.',
        avatarUrl: null,
      });
      expect(res.body.agent.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(typeof res.body.message).toBe('string');
      expect(Array.isArray(res.body.nextSteps)).toBe(true);
      expect(JSON.stringify(res.body.agent)).not.toContain('campaign'); // source stays on the event
      const publicView = await api.get(`/api/v1/agents/${res.body.agent.id}`);
      expect(publicView.status).toBe(200);
      expect(publicView.body).toEqual(res.body.agent);
      expect(JSON.stringify(publicView.body)).not.toMatch(/companion_sk_|keyHash|source/);
    });

    it('keeps an explicit framework and accepts every limit exactly at its bound', async () => {
      const res = await api.post(
        '/api/v1/agents',
        agentInput({
          name: x(100),
          bio: x(2000),
          backstory: x(5000),
          framework: x(50),
          interests: Array.from({ length: 20 }, (_, i) => `${i}${x(99)}`.slice(0, 100)),
          source: x(80, 'a'),
          avatarUrl: 'https://example.com/a.png',
          personalityTraits: { ...traits, openness: 0, neuroticism: 1, whimsy: 0.5 },
        }),
      );
      expect(res.status).toBe(201);
      expect(res.body.agent.framework).toBe(x(50));
      expect(res.body.agent.personalityTraits.whimsy).toBe(0.5);
    });

    it('counts characters, not UTF-16 units: 100 emoji are a valid name', async () => {
      const res = await api.post('/api/v1/agents', agentInput({ name: '💘'.repeat(100) }));
      expect(res.status).toBe(201);
      const tooLong = await api.post('/api/v1/agents', agentInput({ name: '💘'.repeat(101) }));
      expect(tooLong.status).toBe(400);
    });

    const invalid: Array<[string, Record<string, unknown>]> = [
      ['name empty', { name: '' }],
      ['name blank', { name: '   ' }],
      ['name over 100', { name: x(101) }],
      ['name not a string', { name: 42 }],
      ['bio empty', { bio: '' }],
      ['bio over 2000', { bio: x(2001) }],
      ['backstory over 5000', { backstory: x(5001) }],
      ['framework over 50', { framework: x(51) }],
      ['interests empty', { interests: [] }],
      ['interests over 20', { interests: Array.from({ length: 21 }, (_, i) => `i${i}`) }],
      ['an interest over 100', { interests: [x(101)] }],
      ['an interest not a string', { interests: [1] }],
      ['interests not an array', { interests: 'poetry' }],
      ['source over 80', { source: x(81, 'a') }],
      ['source with a forbidden character', { source: 'mail me@x y' }],
      ['avatarUrl not a URI', { avatarUrl: 'not a url' }],
      ['avatarUrl not http(s)', { avatarUrl: 'javascript:alert(1)' }],
      ['a trait above 1', { personalityTraits: { ...traits, openness: 1.01 } }],
      ['a trait below 0', { personalityTraits: { ...traits, neuroticism: -0.1 } }],
      [
        'a required trait missing',
        {
          personalityTraits: {
            openness: 0.5,
            conscientiousness: 0.5,
            extraversion: 0.5,
            agreeableness: 0.5,
          },
        },
      ],
      ['a trait that is not a number', { personalityTraits: { ...traits, openness: '0.5' } }],
      ['an extra trait out of range', { personalityTraits: { ...traits, whimsy: 2 } }],
      ['personalityTraits not an object', { personalityTraits: [0.1, 0.2] }],
      ['an unknown scene', { sceneId: 'atlantis' }],
      ['an unknown field', { favouriteColour: 'blue' }],
      ['an id supplied by the client', { id: '00000000-0000-0000-0000-000000000000' }],
    ];
    it.each(invalid)('refuses %s with 400 and writes nothing', async (_, override) => {
      const before = (await api.get('/api/health')).body.eventStore.head;
      const res = await api.post('/api/v1/agents', agentInput(override));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect((await api.get('/api/health')).body.eventStore.head).toBe(before);
    });

    it.each(['name', 'bio', 'personalityTraits', 'interests'])(
      'refuses a body without the required %s',
      async (field) => {
        const body = agentInput();
        delete body[field];
        expect((await api.post('/api/v1/agents', body)).status).toBe(400);
      },
    );

    it('refuses malformed JSON, a non-object body and a wrong content type', async () => {
      expect(
        (
          await api.request('POST', '/api/v1/agents', {
            raw: '{"name":',
            headers: { 'content-type': 'application/json' },
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await api.request('POST', '/api/v1/agents', {
            raw: '[1,2]',
            headers: { 'content-type': 'application/json' },
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await api.request('POST', '/api/v1/agents', {
            raw: 'null',
            headers: { 'content-type': 'application/json' },
          })
        ).status,
      ).toBe(400);
      const plain = await api.request('POST', '/api/v1/agents', {
        raw: 'name=x',
        headers: { 'content-type': 'text/plain' },
      });
      expect(plain.status).toBe(415);
      expect(plain.body.message).toBe(
        'send the body as JSON, with the header Content-Type: application/json',
      );
      expect((await api.request('POST', '/api/v1/agents')).status).toBe(400);
    });

    it('refuses a body over the size limit with 413', async () => {
      const res = await api.post('/api/v1/agents', agentInput({ bio: x(70 * 1024) }));
      expect(res.status).toBe(413);
    });
  });
  describe('authentication', () => {
    it('GET /agents/me: 401 without a key, with a malformed header or an unknown key; 200 with a valid one', async () => {
      const { key, agent } = await register(api);
      expect((await api.get('/api/v1/agents/me')).status).toBe(401);
      expect(
        (await api.request('GET', '/api/v1/agents/me', { headers: { authorization: key } })).status,
      ).toBe(401);
      expect(
        (
          await api.request('GET', '/api/v1/agents/me', {
            headers: { authorization: `Basic ${key}` },
          })
        ).status,
      ).toBe(401);
      expect((await api.get('/api/v1/agents/me', 'companion_sk_' + 'A'.repeat(43))).status).toBe(
        401,
      );
      expect((await api.get('/api/v1/agents/me', 'not-a-key')).status).toBe(401);
      const ok = await api.get('/api/v1/agents/me', key);
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ agent });
    });

    it('answers 401 with a WWW-Authenticate challenge and Nest’s error shape', async () => {
      const res = await api.get('/api/v1/agents/me');
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    });
  });
});
