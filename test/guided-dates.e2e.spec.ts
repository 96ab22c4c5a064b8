import { client, Client, matchPair, register, RunningApp, startApp } from './support/app';

type Agent = Awaited<ReturnType<typeof register>>;

const line = (who: string, step: number) => `${who} imagines round ${step} in vivid detail.`;

describe('Guided dates (e2e over HTTP)', () => {
  let running: RunningApp;
  let api: Client;
  let a: Agent;
  let b: Agent;
  let matchId: string;

  beforeAll(async () => {
    running = await startApp();
    api = client(running.baseUrl);
  });
  afterAll(() => running.close());
  beforeEach(async () => {
    [a, b] = [await register(api, { name: 'Ari' }), await register(api, { name: 'Bea' })];
    matchId = await matchPair(api, a, b);
  });

  const start = (agent: Agent, scenarioId = 'midnight-mystery') =>
    api.post(`/api/v1/matches/${matchId}/activities`, { scenarioId }, agent.key);
  const contribute = (
    agent: Agent,
    id: string,
    step: number,
    content = line(agent.agent.name, step),
  ) => api.post(`/api/v1/activities/${id}`, { step, content }, agent.key);

  it('GET /date-scenarios lists exactly the three scenarios with three prompts each, and guidance', async () => {
    const res = await api.get('/api/v1/date-scenarios');
    expect(res.status).toBe(200);
    expect(res.body.scenarios.map((s: { id: string }) => s.id)).toEqual([
      'midnight-mystery',
      'impossible-bistro',
      'postcards-from-tomorrow',
    ]);
    for (const s of res.body.scenarios)
      expect(s.rounds.map((r: { step: number }) => r.step)).toEqual([1, 2, 3]);
    expect(res.body.guidance.length).toBeGreaterThan(0);
  });

  it('(none) → ongoing: 201 with scenario, nextStep, needsContribution and a public URL', async () => {
    const res = await start(a);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      activity: { matchId, scenarioId: 'midnight-mystery', status: 'ongoing', startedBy: a.id },
      scenario: { id: 'midnight-mystery' },
      needsContribution: true,
      nextStep: { action: 'contribute', step: 1 },
      progress: { currentRound: 1, roundsCompleted: 0, totalRounds: 3 },
      prompt: { step: 1 },
    });
    expect(res.body.publicUrl).toBe(`${running.baseUrl}/dates/${res.body.activity.id}`);
  });

  it('ongoing + same scenario → 200 with the existing date; a different scenario → 409', async () => {
    const first = await start(a);
    const same = await start(b);
    expect(same.status).toBe(200);
    expect(same.body.activity.id).toBe(first.body.activity.id);
    const other = await start(b, 'impossible-bistro');
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('date_ongoing');
  });

  it('plays three rounds: 201 per new contribution, rounds advance on both, completion creates a public keepsake', async () => {
    const id = (await start(a)).body.activity.id;
    const r1 = await contribute(a, id, 1);
    expect(r1.status).toBe(201);
    expect(r1.body).toMatchObject({
      needsContribution: false,
      nextStep: { action: 'wait', step: 1 },
      progress: { currentRound: 1, waitingFor: [b.id] },
    });
    expect((await contribute(a, id, 2)).status).toBe(409); // the round has not advanced
    expect((await contribute(b, id, 1)).body.progress).toMatchObject({
      currentRound: 2,
      roundsCompleted: 1,
    });
    await contribute(a, id, 2);
    await contribute(b, id, 2);
    await contribute(b, id, 3);
    const done = await contribute(a, id, 3);
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({
      activity: { status: 'completed' },
      prompt: null,
      needsContribution: false,
      keepsake: { id: expect.any(String) },
    });
    expect(done.body.contributions).toHaveLength(6);
    const keepsake = await api.get(`/api/v1/keepsakes/${done.body.keepsake.id}`);
    expect(keepsake.status).toBe(200);
    expect(
      keepsake.body.rounds.map((r: { contributions: unknown[] }) => r.contributions.length),
    ).toEqual([2, 2, 2]);
    expect(
      (await api.get('/api/v1/keepsakes')).body.keepsakes.map((k: { id: string }) => k.id),
    ).toContain(done.body.keepsake.id);
    const feed = await api.get('/api/v1/feed?type=date.completed');
    expect(feed.body.items[0]).toMatchObject({ activityId: id, keepsakeId: done.body.keepsake.id });
    // Guided contributions change no chat or chemistry counter.
    const match = await api.get(`/api/v1/matches/${matchId}`, a.key);
    expect(match.body).toMatchObject({
      messageCount: 0,
      latestMessage: null,
      chemistry: { ratingsCount: 0 },
    });
    // Completed → DELETE refused; identical contribution again → 200.
    const cancel = await api.delete(`/api/v1/activities/${id}`, b.key);
    expect(cancel.status).toBe(409);
    expect(cancel.body.code).toBe('date_completed');
    expect((await contribute(a, id, 3)).status).toBe(200);
  });

  it('leaves the conversation and chemistry working while a date is ongoing', async () => {
    const id = (await start(a)).body.activity.id;
    await contribute(a, id, 1);
    expect(
      (
        await api.post(
          `/api/v1/matches/${matchId}/messages`,
          { content: 'During the date.' },
          b.key,
        )
      ).status,
    ).toBe(201);
    expect(
      (await api.post(`/api/v1/matches/${matchId}/chemistry-rating`, { rating: 0.7 }, a.key))
        .status,
    ).toBe(200);
    expect((await contribute(b, id, 1)).status).toBe(201);
    expect((await api.get(`/api/v1/matches/${matchId}`, a.key)).body).toMatchObject({
      messageCount: 1,
      chemistry: { ratingsCount: 1 },
    });
  });

  it('identical contribution again → 200 and no change; changing it → 409; skipping a round → 409', async () => {
    const id = (await start(a)).body.activity.id;
    await contribute(a, id, 1);
    const again = await contribute(a, id, 1);
    expect(again.status).toBe(200);
    expect(again.body.contributions).toHaveLength(1);
    const changed = await contribute(a, id, 1, 'A completely different first round.');
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('contribution_exists');
    const skipped = await contribute(b, id, 3);
    expect(skipped.status).toBe(409);
    expect(skipped.body.code).toBe('wrong_round');
  });

  it('DELETE by a participant → cancelled, contributions kept; a new date may then start', async () => {
    const id = (await start(a)).body.activity.id;
    await contribute(a, id, 1);
    const res = await api.delete(`/api/v1/activities/${id}`, b.key);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      activity: { status: 'cancelled', cancelledBy: b.id },
      nextStep: { action: 'none' },
    });
    expect(res.body.contributions).toHaveLength(1);
    expect(res.body.keepsake).toBeNull();
    expect((await api.delete(`/api/v1/activities/${id}`, a.key)).status).toBe(200);
    expect((await contribute(b, id, 1)).status).toBe(409);
    expect((await start(b, 'impossible-bistro')).status).toBe(201);
  });

  it('two participants contributing to the same round at the same moment both land, and the round advances once', async () => {
    for (let i = 0; i < 5; i++) {
      const [x, y] = [await register(api), await register(api)];
      const m = await matchPair(api, x, y);
      const id = (
        await api.post(
          `/api/v1/matches/${m}/activities`,
          { scenarioId: 'postcards-from-tomorrow' },
          x.key,
        )
      ).body.activity.id;
      const [rx, ry] = await Promise.all([contribute(x, id, 1), contribute(y, id, 1)]);
      expect([rx.status, ry.status]).toEqual([201, 201]);
      const view = await api.get(`/api/v1/activities/${id}`);
      expect(view.body.contributions).toHaveLength(2);
      expect(view.body.progress).toMatchObject({ currentRound: 2, roundsCompleted: 1 });
    }
  });

  it('GET /activities/{id}: public without a key, personalised with one, 404 when unknown', async () => {
    const id = (await start(a)).body.activity.id;
    const anonymous = await api.get(`/api/v1/activities/${id}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.needsContribution).toBe(false);
    expect(anonymous.body.participants.map((p: { name: string }) => p.name).sort()).toEqual([
      'Ari',
      'Bea',
    ]);
    expect((await api.get(`/api/v1/activities/${id}`, b.key)).body.needsContribution).toBe(true);
    const outsider = await register(api);
    expect((await api.get(`/api/v1/activities/${id}`, outsider.key)).body.needsContribution).toBe(
      false,
    );
    expect((await api.get('/api/v1/activities/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
    expect(
      (await api.get(`/api/v1/activities/${id}`, 'companion_sk_' + 'x'.repeat(43))).status,
    ).toBe(401);
  });

  it('only participants may write (403); unknown ids are 404; a key is needed (401)', async () => {
    const outsider = await register(api);
    expect(
      (
        await api.post(
          `/api/v1/matches/${matchId}/activities`,
          { scenarioId: 'midnight-mystery' },
          outsider.key,
        )
      ).status,
    ).toBe(403);
    const id = (await start(a)).body.activity.id;
    expect((await contribute(outsider, id, 1)).status).toBe(403);
    expect((await api.delete(`/api/v1/activities/${id}`, outsider.key)).status).toBe(403);
    expect(
      (await api.post('/api/v1/activities/nope', { step: 1, content: line('x', 1) }, a.key)).status,
    ).toBe(404);
    expect(
      (await api.post('/api/v1/matches/nope/activities', { scenarioId: 'midnight-mystery' }, a.key))
        .status,
    ).toBe(404);
    expect(
      (await api.post(`/api/v1/activities/${id}`, { step: 1, content: line('x', 1) })).status,
    ).toBe(401);
  });

  it.each<[string, unknown]>([
    ['content under 10', { step: 1, content: 'too short' }],
    ['content over 3000', { step: 1, content: 'x'.repeat(3001) }],
    ['step 0', { step: 0, content: line('a', 0) }],
    ['step 4', { step: 4, content: line('a', 4) }],
    ['step 1.5', { step: 1.5, content: line('a', 1) }],
    ['step as a string', { step: '1', content: line('a', 1) }],
    ['an extra field', { step: 1, content: line('a', 1), mood: 'bold' }],
    ['no content', { step: 1 }],
  ])('refuses a contribution with %s (400)', async (_, body) => {
    const id = (await start(a)).body.activity.id;
    expect((await api.post(`/api/v1/activities/${id}`, body, a.key)).status).toBe(400);
  });

  it('accepts contributions of exactly 10 and 3000 characters', async () => {
    const id = (await start(a)).body.activity.id;
    expect((await contribute(a, id, 1, 'x'.repeat(10))).status).toBe(201);
    expect((await contribute(b, id, 1, 'y'.repeat(3000))).status).toBe(201);
  });

  it.each<[string, unknown]>([
    ['an unknown scenario', { scenarioId: 'picnic' }],
    ['no scenario', {}],
    ['an extra field', { scenarioId: 'midnight-mystery', when: 'now' }],
  ])('refuses a start with %s (400)', async (_, body) => {
    expect((await api.post(`/api/v1/matches/${matchId}/activities`, body, a.key)).status).toBe(400);
  });

  it('refuses a new date in a broken-up relationship (409)', async () => {
    await api.post(`/api/v1/matches/${matchId}/chemistry-rating`, { rating: 0.05 }, a.key);
    const res = await start(b);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('relationship_broken_up');
  });

  it('the legacy /matches/{id}/dates lists and starts dates, is marked deprecated, and cannot end a date', async () => {
    const started = await api.post(
      `/api/v1/matches/${matchId}/dates`,
      { scenarioId: 'impossible-bistro' },
      a.key,
    );
    expect(started.status).toBe(201);
    expect(started.headers.get('deprecation')).toBe('true');
    const list = await api.get(`/api/v1/matches/${matchId}/dates`, b.key);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      legacy: true,
      dates: [
        expect.objectContaining({ activity: expect.objectContaining({ status: 'ongoing' }) }),
      ],
    });
    const end = await api.delete(`/api/v1/matches/${matchId}/dates`, a.key);
    expect(end.status).toBe(409);
    expect(end.body.code).toBe('legacy_cannot_end');
    // The refusal is an answer of the deprecated endpoint like the others.
    expect(end.headers.get('deprecation')).toBe('true');
    expect(end.headers.get('link')).toBe(
      `</api/v1/matches/${matchId}/activities>; rel="successor-version"`,
    );
    expect(
      (await api.get(`/api/v1/activities/${started.body.activity.id}`)).body.activity.status,
    ).toBe('ongoing');
    const outsider = await register(api);
    expect((await api.get(`/api/v1/matches/${matchId}/dates`, outsider.key)).status).toBe(403);
  });
});
