import { EVENT_STORE, EventStore } from '@companion/event-store';
import { ManualClock } from '@companion/platform';
import { client, Client, matchPair, register, RunningApp, startApp } from './support/app';

type Agent = Awaited<ReturnType<typeof register>>;

describe('GET /agents/me/pulse (e2e over HTTP)', () => {
  let running: RunningApp;
  let api: Client;
  const clock = new ManualClock(new Date('2026-11-18T10:00:00Z')); // a Wednesday

  beforeAll(async () => {
    running = await startApp({ clock });
    api = client(running.baseUrl);
  });
  afterAll(() => running.close());

  const pulse = (agent: Agent, state?: string) =>
    api.get(`/api/v1/agents/me/pulse${state ? `?state=${state}` : ''}`, agent.key);

  it('has every field of the spec, private and not cacheable', async () => {
    const me = await register(api);
    const res = await pulse(me);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'agentId',
        'incomingLikes',
        'matches',
        'activities',
        'mixer',
        'stateToken',
        'changed',
        'suggestedPollAfterSeconds',
        'hasMore',
        'links',
        'guidance',
      ].sort(),
    );
    expect(res.body).toMatchObject({
      agentId: me.id,
      incomingLikes: { count: 0, agents: [] },
      matches: [],
      activities: [],
      mixer: {
        key: '2026-11-21',
        startsAt: '2026-11-21T18:00:00.000Z',
        endsAt: '2026-11-21T19:00:00.000Z',
        status: 'upcoming',
        rsvp: 'none',
        checkedIn: false,
      },
      changed: true,
      hasMore: false,
    });
    expect(res.body.stateToken).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.guidance.length).toBeGreaterThan(0);
  });

  it('is sent as UTF-8 JSON, the guidance’s apostrophes intact, each body made once', async () => {
    const me = await register(api);
    // Fastify sets content-length from the bytes itself (fastify/lib/reply.js, onSendEnd); what is
    // ours is the encoding, seen in the decoded text.
    const first = await pulse(me);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = first.body as { guidance: string[]; changed: boolean; stateToken: string };
    // The guidance holds a ’ (two bytes of UTF-8 more than characters): a length counted in
    // characters is Fastify's to get wrong; a wrong encoding would show here.
    expect(body.guidance.some((line) => line.includes('agent’s public fiction'))).toBe(true);
    expect(body.changed).toBe(true);
    // The same pulse unchanged, then changed again (each body kept as bytes, made once).
    expect((await pulse(me, body.stateToken)).body).toEqual({ ...body, changed: false });
    expect((await pulse(me)).body).toEqual(body);
  });

  it('needs a key, and refuses an invalid state with 400', async () => {
    const me = await register(api);
    expect((await api.get('/api/v1/agents/me/pulse')).status).toBe(401);
    for (const bad of ['abc', 'A'.repeat(64), '0'.repeat(63), '0'.repeat(65)])
      expect((await pulse(me, bad)).status).toBe(400);
    expect((await api.get('/api/v1/agents/me/pulse?other=1', me.key)).status).toBe(400);
  });

  it('changes its stateToken exactly when its content changes', async () => {
    const [me, other] = [await register(api), await register(api)];
    const first = await pulse(me);
    const same = await pulse(me, first.body.stateToken);
    expect(same.body).toMatchObject({ changed: false, stateToken: first.body.stateToken });
    await api.patch('/api/v1/agents/me', { bio: 'Unrelated to the pulse.' }, other.key);
    expect((await pulse(me, first.body.stateToken)).body.changed).toBe(false);
    await api.post('/api/v1/swipe', { targetAgentId: me.id, liked: true }, other.key);
    const after = await pulse(me, first.body.stateToken);
    expect(after.body.changed).toBe(true);
    expect(after.body.stateToken).not.toBe(first.body.stateToken);
    expect(after.body.incomingLikes).toEqual({
      count: 1,
      agents: [expect.objectContaining({ id: other.id })],
    });
  });

  it("follows what its document does not hold: a liker's new name, the mixer going live", async () => {
    const [me, other] = [await register(api), await register(api)];
    await api.post('/api/v1/swipe', { targetAgentId: me.id, liked: true }, other.key);
    const first = await pulse(me);
    expect((await pulse(me, first.body.stateToken)).body.changed).toBe(false);
    await api.patch('/api/v1/agents/me', { name: 'Renamed Liker' }, other.key);
    const renamed = await pulse(me, first.body.stateToken);
    expect(renamed.body.changed).toBe(true);
    expect(renamed.body.incomingLikes.agents).toEqual([
      expect.objectContaining({ id: other.id, name: 'Renamed Liker' }),
    ]);
    const before = clock.now();
    clock.set('2026-11-21T18:30:00Z'); // the Saturday Social's live hour
    try {
      const live = await pulse(me, renamed.body.stateToken);
      expect(live.body.changed).toBe(true);
      expect(live.body.mixer.status).toBe('live');
      clock.set('2026-11-21T19:00:00Z'); // its end: next Saturday's occurrence
      expect((await pulse(me)).body.mixer).toMatchObject({ key: '2026-11-28', status: 'upcoming' });
    } finally {
      clock.set(before);
    }
    expect((await pulse(me, renamed.body.stateToken)).body).toMatchObject({
      changed: false,
      mixer: { status: 'upcoming' },
    });
  });

  it('shows incoming likes until they are answered', async () => {
    const [me, liker] = [await register(api), await register(api)];
    await api.post('/api/v1/swipe', { targetAgentId: me.id, liked: true }, liker.key);
    expect((await pulse(me)).body.incomingLikes.count).toBe(1);
    expect((await pulse(liker)).body.incomingLikes.count).toBe(0);
    await api.post('/api/v1/swipe', { targetAgentId: liker.id, liked: false }, me.key);
    expect((await pulse(me)).body.incomingLikes.count).toBe(0);
  });

  it('applies rule 1 (reply) and rule 2 (chemistry) to each match', async () => {
    const [me, p] = [await register(api), await register(api, { name: 'Partner' })];
    const id = await matchPair(api, me, p);
    let m = (await pulse(me)).body.matches[0];
    expect(m).toMatchObject({
      id,
      partner: { id: p.id, name: 'Partner' },
      messageCount: 0,
      latestMessage: null,
      actions: { startConversation: true, reply: false, rateChemistry: false },
    });
    await api.post(`/api/v1/matches/${id}/messages`, { content: 'Hello!' }, p.key);
    m = (await pulse(me)).body.matches[0];
    expect(m).toMatchObject({
      messageCount: 1,
      latestMessage: { content: 'Hello!', fromPartner: true },
      actions: { startConversation: false, reply: true, rateChemistry: false },
    });
    expect((await pulse(p)).body.matches[0].actions.reply).toBe(false);
    await api.post(`/api/v1/matches/${id}/messages`, { content: 'Hi back.' }, me.key);
    m = (await pulse(me)).body.matches[0];
    expect(m.actions).toEqual({ startConversation: false, reply: false, rateChemistry: true });
    await api.post(`/api/v1/matches/${id}/chemistry-rating`, { rating: 0.7 }, me.key);
    expect((await pulse(me)).body.matches[0].actions.rateChemistry).toBe(false);
    expect((await pulse(p)).body.matches[0].actions.rateChemistry).toBe(true); // p has not rated
    await api.post(`/api/v1/matches/${id}/messages`, { content: 'One.' }, p.key);
    expect((await pulse(me)).body.matches[0].actions.rateChemistry).toBe(false);
    await api.post(`/api/v1/matches/${id}/messages`, { content: 'Two.' }, p.key);
    expect((await pulse(me)).body.matches[0].actions.rateChemistry).toBe(true);
  });

  it('excludes broken-up matches and matches whose partner is gone', async () => {
    const [me, a, b] = [await register(api), await register(api), await register(api)];
    const broken = await matchPair(api, me, a);
    await matchPair(api, me, b);
    expect((await pulse(me)).body.matches).toHaveLength(2);
    await api.post(`/api/v1/matches/${broken}/chemistry-rating`, { rating: 0.1 }, a.key);
    expect((await pulse(me)).body.matches.map((m: { id: string }) => m.id)).not.toContain(broken);
    await api.delete('/api/v1/agents/me', b.key);
    expect((await pulse(me)).body.matches).toEqual([]);
  });

  it('lists ongoing guided dates with nextStep, prompt, needsContribution and a public URL', async () => {
    const [me, p] = [await register(api), await register(api)];
    const id = await matchPair(api, me, p);
    const activity = (
      await api.post(`/api/v1/matches/${id}/activities`, { scenarioId: 'impossible-bistro' }, p.key)
    ).body.activity.id;
    const [a] = (await pulse(me)).body.activities;
    expect(a).toMatchObject({
      id: activity,
      matchId: id,
      scenario: { id: 'impossible-bistro' },
      round: 1,
      needsContribution: true,
      nextStep: { action: 'contribute', step: 1 },
      prompt: { step: 1 },
    });
    expect(a.publicUrl).toBe(`${running.baseUrl}/dates/${activity}`);
    await api.post(
      `/api/v1/activities/${activity}`,
      { step: 1, content: 'A dish of folded moonlight.' },
      me.key,
    );
    expect((await pulse(me)).body.activities[0]).toMatchObject({
      needsContribution: false,
      nextStep: { action: 'wait' },
    });
    await api.delete(`/api/v1/activities/${activity}`, me.key);
    expect((await pulse(me)).body.activities).toEqual([]);
    // Contributions are not messages.
    expect((await pulse(me)).body.matches[0].messageCount).toBe(0);
  });

  it('never writes a social action, and records check-in telemetry at most once a minute', async () => {
    const me = await register(api);
    const store = running.app.get<EventStore>(EVENT_STORE);
    const social = async () =>
      (await store.readAll({ maxCount: 100_000 })).filter(
        (e) => !e.streamName.startsWith('presence-'),
      ).length;
    const presence = async () => (await store.readStream(`presence-${me.id}`)).length;
    const before = await social();
    await pulse(me);
    await waitFor(async () => (await presence()) === 1);
    for (let i = 0; i < 5; i++) await pulse(me);
    clock.advance(59_000);
    await pulse(me);
    await new Promise((r) => setTimeout(r, 100));
    expect(await presence()).toBe(1);
    clock.advance(1_000);
    await pulse(me);
    await waitFor(async () => (await presence()) === 2);
    expect(await social()).toBe(before);
    const [checkIn] = await store.readStream(`presence-${me.id}`);
    expect(checkIn.type).toBe('AgentCheckedIn');
  });
});

async function waitFor(condition: () => Promise<boolean>, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
