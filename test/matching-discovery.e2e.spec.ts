import { ManualClock } from '@companion/platform';
import { client, Client, register, RunningApp, startApp } from './support/app';

const traits = (o: number, c: number, e: number, a: number, n: number) => ({
  openness: o,
  conscientiousness: c,
  extraversion: e,
  agreeableness: a,
  neuroticism: n,
});

/** GET /discover: its order and score explanation, what it leaves out, its filters and limits. */
describe('Discovery (e2e over HTTP, with the clock set by the test)', () => {
  let running: RunningApp;
  let api: Client;
  const clock = new ManualClock(new Date('2026-10-01T12:00:00Z'));

  beforeAll(async () => {
    running = await startApp({ clock });
    api = client(running.baseUrl);
  });
  afterAll(() => running.close());

  it('orders by likedYou, then recent participation, then compatibility, and explains the score', async () => {
    const me = await register(api, {
      personalityTraits: traits(0.9, 0.9, 0.9, 0.9, 0.1),
      interests: ['astronomy', 'poetry'],
      bio: 'Stargazer who writes poems about comets.',
    });
    const twin = await register(api, {
      personalityTraits: traits(0.9, 0.9, 0.9, 0.9, 0.1),
      interests: ['astronomy', 'poetry'],
      bio: 'Stargazer who writes poems about comets.',
    });
    const opposite = await register(api, {
      personalityTraits: traits(0.1, 0.1, 0.1, 0.1, 0.9),
      interests: ['motor racing'],
      bio: 'Loud engines and fast laps.',
    });
    const liker = await register(api, {
      personalityTraits: traits(0.2, 0.2, 0.2, 0.2, 0.8),
      interests: ['knitting'],
      bio: 'Quiet evenings.',
    });
    const active = await register(api, {
      personalityTraits: traits(0.3, 0.3, 0.3, 0.3, 0.7),
      interests: ['chess'],
      bio: 'Opening theory.',
    });
    const other = await register(api);
    // Thirty days later only `active` takes part again (it passes on me: a swipe on me that is not
    // a like), and `liker` likes me.
    clock.advance(30 * 24 * 3600 * 1000);
    await api.post('/api/v1/swipe', { targetAgentId: me.id, liked: false }, active.key);
    await api.post('/api/v1/swipe', { targetAgentId: me.id, liked: true }, liker.key);

    const res = await api.get('/api/v1/discover?limit=50', me.key);
    expect(res.status).toBe(200);
    const ids = res.body.agents.map((a: { id: string }) => a.id);
    expect(ids).not.toContain(me.id);
    expect(ids.slice(0, 2)).toEqual([liker.id, active.id]);
    expect(ids.indexOf(twin.id)).toBeLessThan(ids.indexOf(opposite.id));
    const [first, second] = res.body.agents;
    expect(first).toMatchObject({ likedYou: true, recentlyActive: true });
    expect(second).toMatchObject({ likedYou: false, recentlyActive: true });
    const twinView = res.body.agents.find((a: { id: string }) => a.id === twin.id);
    expect(twinView).toMatchObject({
      likedYou: false,
      recentlyActive: false,
      lastParticipationAt: '2026-10-01T12:00:00.000Z',
    });
    expect(twinView.compatibilityScore).toBeGreaterThan(0.99);
    expect(twinView.compatibility).toEqual({
      traits: expect.any(Number),
      interests: expect.any(Number),
      text: expect.any(Number),
    });
    const opp = res.body.agents.find((a: { id: string }) => a.id === opposite.id);
    expect(opp.compatibilityScore).toBeLessThan(twinView.compatibilityScore);
    expect(opp.compatibility.traits).toBeLessThan(0.05);
    for (const a of res.body.agents) expect(a.compatibilityScore).toBeGreaterThanOrEqual(0);
    for (const a of res.body.agents) expect(a.compatibilityScore).toBeLessThanOrEqual(1);

    // Asked again (the kept ranking is patched): `opposite` takes part and moves up into the recent
    // bucket; the agent I swiped on is gone.
    await api.post('/api/v1/swipe', { targetAgentId: other.id, liked: false }, opposite.key);
    await api.post('/api/v1/swipe', { targetAgentId: liker.id, liked: false }, me.key);
    const again = await api.get('/api/v1/discover?limit=50', me.key);
    const againIds = again.body.agents.map((a: { id: string }) => a.id);
    expect(againIds).not.toContain(liker.id);
    expect(againIds.slice(0, 2).sort()).toEqual([active.id, opposite.id].sort());
    expect(again.body.agents.find((a: { id: string }) => a.id === opposite.id)).toMatchObject({
      likedYou: false,
      recentlyActive: true,
    });
  });

  it('explains a candidate anew when asked again after it changed its profile', async () => {
    const me = await register(api, {
      personalityTraits: traits(0.9, 0.9, 0.9, 0.9, 0.1),
      interests: ['astronomy'],
    });
    const them = await register(api, {
      personalityTraits: traits(0.1, 0.1, 0.1, 0.1, 0.9),
      interests: ['motor racing'],
    });
    const shown = async () =>
      (await api.get('/api/v1/discover?limit=50', me.key)).body.agents.find(
        (a: { id: string }) => a.id === them.id,
      );
    const before = await shown();
    expect(before.compatibility.traits).toBeLessThan(0.05);
    // Asked again unchanged: the breakdown kept with the ranking is the same.
    expect((await shown()).compatibility).toEqual(before.compatibility);

    await api.patch(
      '/api/v1/agents/me',
      { personalityTraits: traits(0.9, 0.9, 0.9, 0.9, 0.1) },
      them.key,
    );
    const after = await shown();
    expect(after.compatibility.traits).toBeGreaterThan(0.99);
    expect(after.compatibility.interests).toBe(before.compatibility.interests);
    expect(after.compatibilityScore).toBeGreaterThan(before.compatibilityScore);
  });

  it('never shows agents already swiped on, deleted agents, or the caller; filters by scene', async () => {
    const me = await register(api, { sceneId: 'retro-arcade' });
    const [x, y, z] = [
      await register(api, { sceneId: 'retro-arcade' }),
      await register(api, { sceneId: 'retro-arcade' }),
      await register(api, { sceneId: 'retro-arcade' }),
    ];
    await api.post('/api/v1/swipe', { targetAgentId: x.id, liked: false }, me.key);
    await api.delete('/api/v1/agents/me', y.key);
    const res = await api.get('/api/v1/discover?sceneId=retro-arcade', me.key);
    const ids = res.body.agents.map((a: { id: string }) => a.id);
    expect(ids).toEqual([z.id]);
    const profileChange = await api.patch('/api/v1/agents/me', { sceneId: 'seaside-cafe' }, z.key);
    expect(profileChange.status).toBe(200);
    expect((await api.get('/api/v1/discover?sceneId=retro-arcade', me.key)).body.agents).toEqual(
      [],
    );
  });

  it('limits discovery to agents who RSVPed to a mixer occurrence with ?mixer=YYYY-MM-DD', async () => {
    const key = (await api.get('/api/v1/mixer')).body.key;
    const [me, guest, other, cancelled] = [
      await register(api),
      await register(api),
      await register(api),
      await register(api),
    ];
    expect(
      (await api.post(`/api/v1/mixer/${key}/rsvp`, { action: 'RSVP' }, guest.key)).status,
    ).toBe(200);
    await api.post(`/api/v1/mixer/${key}/rsvp`, { action: 'RSVP' }, cancelled.key);
    await api.post(`/api/v1/mixer/${key}/rsvp`, { action: 'CANCEL' }, cancelled.key);
    await api.post(`/api/v1/mixer/${key}/rsvp`, { action: 'RSVP' }, me.key);
    const res = await api.get(`/api/v1/discover?mixer=${key}`, me.key);
    expect(res.status).toBe(200);
    expect(res.body.agents.map((a: { id: string }) => a.id)).toEqual([guest.id]);
    expect(other.id).toBeDefined();
    expect((await api.get('/api/v1/discover?mixer=2026-13-01', me.key)).status).toBe(400);
    expect((await api.get('/api/v1/discover?mixer=2026-11-04', me.key)).status).toBe(400); // a Wednesday
  });

  it('answers UTF-8 JSON: a profile beyond ASCII comes back as written', async () => {
    const me = await register(api, { sceneId: 'cozy-library' });
    const zoe = await register(api, {
      sceneId: 'cozy-library',
      name: 'Zoë 🌙',
      bio: 'Ça va? Lighthouses — and \u201cquotes\u201d.',
    });
    // Fastify sets content-length from the bytes itself (fastify/lib/reply.js, onSendEnd); what is
    // ours is the encoding, seen in the decoded text.
    const res = await api.get('/api/v1/discover?sceneId=cozy-library', me.key);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const shown = res.body.agents.find((a: { id: string }) => a.id === zoe.id);
    expect(shown).toMatchObject({ id: zoe.id, name: 'Zoë 🌙', bio: zoe.agent.bio });
    expect(shown.compatibilityScore).toEqual(expect.any(Number));
  });

  it('defaults to 20 and accepts 1..50', async () => {
    const me = await register(api);
    for (let i = 0; i < 22; i++) await register(api);
    expect((await api.get('/api/v1/discover', me.key)).body.agents).toHaveLength(20);
    expect((await api.get('/api/v1/discover?limit=1', me.key)).body.agents).toHaveLength(1);
    expect((await api.get('/api/v1/discover?limit=50', me.key)).status).toBe(200);
  });

  it.each(['limit=0', 'limit=51', 'limit=abc', 'limit=2.5', 'sceneId=atlantis', 'mood=happy'])(
    'refuses ?%s with 400',
    async (q) => {
      const me = await register(api);
      expect((await api.get(`/api/v1/discover?${q}`, me.key)).status).toBe(400);
    },
  );

  it('needs a key', async () => {
    expect((await api.get('/api/v1/discover')).status).toBe(401);
  });
});
