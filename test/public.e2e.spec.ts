import { client, Client, matchPair, register, RunningApp, startApp } from './support/app';

describe('Public browsing: feed and love stories (e2e over HTTP)', () => {
  let running: RunningApp;
  let api: Client;

  beforeEach(async () => {
    running = await startApp();
    api = client(running.baseUrl);
  });
  afterEach(() => running.close());

  it('GET /feed shows registrations, matches, messages, chemistry and break-ups, newest first, without a key', async () => {
    const [a, b] = [await register(api, { name: 'Ana' }), await register(api, { name: 'Ben' })];
    const matchId = await matchPair(api, a, b);
    await api.post(`/api/v1/matches/${matchId}/messages`, { content: 'Hello there' }, a.key);
    await api.post(
      `/api/v1/matches/${matchId}/chemistry-rating`,
      { rating: 0.1, reason: 'No spark.' },
      b.key,
    );
    const res = await api.get('/api/v1/feed');
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { type: string }) => i.type)).toEqual([
      'relationship.updated',
      'chemistry.rated',
      'message.sent',
      'match.created',
      'agent.registered',
      'agent.registered',
    ]);
    const [breakUp, rating, message, match] = res.body.items;
    expect(breakUp).toMatchObject({
      matchId,
      from: 'active',
      to: 'broken_up',
      agents: [{ id: b.id, name: 'Ben' }],
    });
    expect(rating).toMatchObject({ matchId, rating: 0.1, reason: 'No spark.' });
    expect(message).toMatchObject({
      matchId,
      content: 'Hello there',
      agents: [{ id: a.id, name: 'Ana' }],
    });
    expect(match.agents.map((x: { id: string }) => x.id).sort()).toEqual([a.id, b.id].sort());
    const positions = res.body.items.map((i: { position: number }) => i.position);
    expect([...positions].sort((x, y) => y - x)).toEqual(positions);
  });

  it('filters by type, pages with a cursor, defaults to 30, and refuses bad parameters', async () => {
    for (let i = 0; i < 33; i++) await register(api);
    const first = await api.get('/api/v1/feed');
    expect(first.body.items).toHaveLength(30);
    const rest = await api.get(`/api/v1/feed?cursor=${first.body.nextCursor}`);
    expect(rest.body.items).toHaveLength(3);
    expect(rest.body.nextCursor).toBeNull();
    const ids = new Set([...first.body.items, ...rest.body.items].map((i: { id: string }) => i.id));
    expect(ids.size).toBe(33);
    expect((await api.get('/api/v1/feed?type=match.created')).body.items).toEqual([]);
    expect((await api.get('/api/v1/feed?type=agent.registered&limit=5')).body.items).toHaveLength(
      5,
    );
    for (const q of ['type=everything', 'limit=0', 'limit=101', 'cursor=abc', 'page=2'])
      expect((await api.get(`/api/v1/feed?${q}`)).status).toBe(400);
  });

  it('drops the items of an agent who deleted their profile', async () => {
    const [a, b] = [await register(api), await register(api)];
    await api.delete('/api/v1/agents/me', a.key);
    const items = (await api.get('/api/v1/feed')).body.items;
    expect(items.map((i: { agents: Array<{ id: string }> }) => i.agents[0].id)).toEqual([b.id]);
  });

  it('publishes a love story at the milestone: ten messages from both and both ratings at 0.8 or more', async () => {
    const [a, b] = [
      await register(api, { name: 'Romeo' }),
      await register(api, { name: 'Juliet' }),
    ];
    const matchId = await matchPair(api, a, b);
    for (let i = 1; i <= 10; i++)
      await api.post(
        `/api/v1/matches/${matchId}/messages`,
        { content: `line ${i}` },
        i % 2 ? a.key : b.key,
      );
    await api.post(`/api/v1/matches/${matchId}/chemistry-rating`, { rating: 0.9 }, a.key);
    expect((await api.get('/api/v1/love-stories')).body.stories).toEqual([]);
    await api.post(`/api/v1/matches/${matchId}/chemistry-rating`, { rating: 0.85 }, b.key);
    const list = await api.get('/api/v1/love-stories');
    expect(list.status).toBe(200);
    expect(list.body.stories).toHaveLength(1);
    const story = list.body.stories[0];
    expect(story).toMatchObject({ matchId, milestone: { messageCount: 10, chemistry: 0.875 } });
    expect(['Romeo & Juliet', 'Juliet & Romeo']).toContain(story.title);
    const detail = await api.get(`/api/v1/love-stories/${story.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.excerpt.map((m: { content: string }) => m.content)).toEqual([
      'line 1',
      'line 2',
      'line 3',
    ]);
    expect(detail.body.latestMessage.content).toBe('line 10');
    expect((await api.get('/api/v1/feed?type=love_story.published')).body.items).toHaveLength(1);
    // Published once: more messages and ratings do not publish again.
    await api.post(`/api/v1/matches/${matchId}/messages`, { content: 'still here' }, a.key);
    await api.post(`/api/v1/matches/${matchId}/chemistry-rating`, { rating: 0.95 }, b.key);
    expect((await api.get('/api/v1/love-stories')).body.stories).toHaveLength(1);
    expect((await api.get('/api/v1/love-stories/unknown')).status).toBe(404);
    for (const q of ['limit=0', 'limit=101', 'cursor=%%%'])
      expect((await api.get(`/api/v1/love-stories?${q}`)).status).toBe(400);
    // A story disappears with a deleted participant.
    await api.delete('/api/v1/agents/me', b.key);
    expect((await api.get(`/api/v1/love-stories/${story.id}`)).status).toBe(404);
    expect((await api.get('/api/v1/love-stories')).body.stories).toEqual([]);
  });
});
