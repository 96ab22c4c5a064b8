import { ProjectionEngine } from '@companion/read-store';
import { client, Client, register, RunningApp, startApp, TRAITS } from './support/app';

const traits = TRAITS;
const x = (n: number, ch = 'x') => ch.repeat(n);

/**
 * Profiles after registration: update, listing, lookup, scenes, deletion, the service around the API
 * (health, OpenAPI, unknown routes) and a restart.
 */
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

  describe('PATCH /agents/me', () => {
    it('changes the given fields and answers with the updated profile, visible at once', async () => {
      const { key, id } = await register(api, { sceneId: 'neon-noir' });
      const res = await api.patch(
        '/api/v1/agents/me',
        {
          bio: 'A new chapter.',
          interests: ['tea'],
          personalityTraits: { ...traits, openness: 0.1 },
        },
        key,
      );
      expect(res.status).toBe(200);
      expect(res.body.agent).toMatchObject({
        id,
        bio: 'A new chapter.',
        interests: ['tea'],
        sceneId: 'neon-noir',
      });
      expect(res.body.agent.personalityTraits.openness).toBe(0.1);
      expect((await api.get(`/api/v1/agents/${id}`)).body.bio).toBe('A new chapter.');
    });

    it('leaves the scene with sceneId null, and joins one with a scene id', async () => {
      const { key } = await register(api, { sceneId: 'neon-noir' });
      expect(
        (await api.patch('/api/v1/agents/me', { sceneId: null }, key)).body.agent.sceneId,
      ).toBeNull();
      expect(
        (await api.patch('/api/v1/agents/me', { sceneId: 'retro-arcade' }, key)).body.agent.sceneId,
      ).toBe('retro-arcade');
    });

    it('accepts an empty update, which changes nothing', async () => {
      const { key, agent } = await register(api);
      const res = await api.patch('/api/v1/agents/me', {}, key);
      expect(res.status).toBe(200);
      expect(res.body.agent).toEqual(agent);
    });

    it.each<[string, Record<string, unknown>]>([
      ['framework (registration-only)', { framework: 'other' }],
      ['source (registration-only)', { source: 'x' }],
      ['an unknown field', { mood: 'happy' }],
      ['name over 100', { name: x(101) }],
      ['a blank name', { name: ' ' }],
      ['bio over 2000', { bio: x(2001) }],
      ['backstory over 5000', { backstory: x(5001) }],
      ['interests over 20', { interests: Array.from({ length: 21 }, (_, i) => `i${i}`) }],
      ['no interests', { interests: [] }],
      ['a trait out of range', { personalityTraits: { ...traits, agreeableness: 3 } }],
      ['an avatarUrl that is not http(s)', { avatarUrl: 'ftp://example.com/a.png' }],
      ['an unknown scene', { sceneId: 'atlantis' }],
      ['a scene that is not a string', { sceneId: 7 }],
    ])('refuses %s with 400', async (_, body) => {
      const { key, id, agent } = await register(api);
      expect((await api.patch('/api/v1/agents/me', body, key)).status).toBe(400);
      expect((await api.get(`/api/v1/agents/${id}`)).body).toEqual(agent);
    });

    it('needs a key', async () => {
      expect((await api.patch('/api/v1/agents/me', { bio: 'x' })).status).toBe(401);
    });
  });

  describe('GET /agents', () => {
    let local: RunningApp;
    let localApi: Client;
    beforeAll(async () => {
      local = await startApp();
      localApi = client(local.baseUrl);
    });
    afterAll(() => local.close());

    it('pages through public active agents, newest first, with a cursor', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await register(localApi)).id);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res: any = await localApi.get(
          `/api/v1/agents?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(res.status).toBe(200);
        expect(res.body.agents.length).toBeLessThanOrEqual(2);
        seen.push(...res.body.agents.map((a: { id: string }) => a.id));
        cursor = res.body.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual([...ids].reverse());
    });

    it('defaults to 20 and filters by scene', async () => {
      for (let i = 0; i < 21; i++)
        await register(localApi, i < 2 ? { sceneId: 'seaside-cafe' } : {});
      const page = await localApi.get('/api/v1/agents');
      expect(page.body.agents).toHaveLength(20);
      expect(page.body.nextCursor).toEqual(expect.any(String));
      const scene = await localApi.get('/api/v1/agents?sceneId=seaside-cafe');
      expect(scene.body.agents).toHaveLength(2);
      expect(
        scene.body.agents.every((a: { sceneId: string }) => a.sceneId === 'seaside-cafe'),
      ).toBe(true);
      const scenes = await localApi.get('/api/v1/scenes');
      expect(
        scenes.body.scenes.find((s: { id: string }) => s.id === 'seaside-cafe').agentCount,
      ).toBe(2);
    });

    it.each([
      'limit=0',
      'limit=101',
      'limit=abc',
      'limit=1.5',
      'limit=-1',
      'cursor=not-a-cursor',
      'cursor=e30',
      'sceneId=atlantis',
      'unknown=1',
    ])('refuses ?%s with 400', async (query) => {
      expect((await localApi.get(`/api/v1/agents?${query}`)).status).toBe(400);
    });

    it('accepts the maximum limit of 100', async () => {
      expect((await localApi.get('/api/v1/agents?limit=100')).status).toBe(200);
    });
  });

  describe('GET /agents/{id}', () => {
    it('404 for an unknown id, whatever its shape', async () => {
      expect((await api.get('/api/v1/agents/00000000-0000-4000-8000-000000000000')).status).toBe(
        404,
      );
      expect((await api.get('/api/v1/agents/..%2F..%2Fetc')).status).toBe(404);
    });
  });

  describe('GET /scenes', () => {
    it('lists the themed scenes', async () => {
      const res = await api.get('/api/v1/scenes');
      expect(res.status).toBe(200);
      expect(res.body.scenes.length).toBeGreaterThanOrEqual(5);
      for (const s of res.body.scenes)
        expect(s).toEqual({
          id: expect.any(String),
          name: expect.any(String),
          description: expect.any(String),
          agentCount: expect.any(Number),
        });
    });
  });

  describe('DELETE /agents/me', () => {
    it('deletes the profile everywhere; the key stops working; a rebuild does not bring it back', async () => {
      const { key, id } = await register(api, { sceneId: 'starlit-observatory' });
      const res = await api.delete('/api/v1/agents/me', key);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ deleted: true, agentId: id });
      expect((await api.get('/api/v1/agents/me', key)).status).toBe(401);
      expect((await api.delete('/api/v1/agents/me', key)).status).toBe(401);
      expect((await api.get(`/api/v1/agents/${id}`)).status).toBe(404);
      const list = await api.get('/api/v1/agents?sceneId=starlit-observatory&limit=100');
      expect(list.body.agents.map((a: { id: string }) => a.id)).not.toContain(id);

      await running.app.get(ProjectionEngine).rebuild('agents');
      expect((await api.get(`/api/v1/agents/${id}`)).status).toBe(404);
      expect((await api.get('/api/v1/agents/me', key)).status).toBe(401);
    });
  });

  describe('the service around the API', () => {
    it('GET /api/health reports the stores and the projections', async () => {
      const res = await api.get('/api/health');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'ok',
        version: '1.4.1',
        eventStore: { status: 'up', kind: 'sqlite' },
        readStore: { status: 'up', kind: 'sqlite' },
        // Far below the threshold, no index is built: new callers get the exact scan.
        discovery: { similarityIndex: { state: 'waiting', threshold: 50_000, candidates: null } },
      });
      expect(res.body.projections).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'agents', state: 'live', lag: 0 }),
        ]),
      );
    });

    it('serves an OpenAPI 3 document generated from the DTOs', async () => {
      const res = await api.get('/api/v1/openapi.json');
      expect(res.status).toBe(200);
      expect(res.body.openapi).toMatch(/^3\./);
      expect(res.body.info.version).toBe('1.4.1');
      expect(Object.keys(res.body.paths)).toEqual(
        expect.arrayContaining([
          '/api/v1/agents',
          '/api/v1/agents/me',
          '/api/v1/agents/{id}',
          '/api/v1/scenes',
          '/api/health',
        ]),
      );
      const schema = res.body.components.schemas.RegisterAgentDto;
      expect(schema.required).toEqual(
        expect.arrayContaining(['name', 'bio', 'personalityTraits', 'interests']),
      );
      expect(schema.properties.name.maxLength).toBe(100);
    });

    it('answers an unknown route with 404 in the same error shape', async () => {
      const res = await api.get('/api/v1/nothing-here');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404 });
    });
  });
});

describe('Agents across a restart', () => {
  it('keeps agents and keys in the data directory', async () => {
    const first = await startApp();
    const { key, id } = await register(client(first.baseUrl));
    await first.close();
    const second = await startApp({ dataDir: first.dataDir });
    try {
      const api = client(second.baseUrl);
      expect((await api.get('/api/v1/agents/me', key)).body.agent.id).toBe(id);
    } finally {
      await second.close();
    }
  });
});
