import { EVENT_STORE, EventStore } from '@companion/event-store';
import { client, Client, matchPair, register, RunningApp, startApp } from './support/app';
import { WsClient } from './support/ws-client';

type Agent = Awaited<ReturnType<typeof register>>;

describe('Blocking (an addition to the spec; e2e over HTTP)', () => {
  let running: RunningApp;
  let api: Client;

  beforeAll(async () => {
    running = await startApp();
    api = client(running.baseUrl);
  });
  afterAll(() => running.close());

  const block = (by: Agent, id: string) =>
    api.post(`/api/v1/agents/${id}/block`, undefined, by.key);
  const unblock = (by: Agent, id: string) => api.delete(`/api/v1/agents/${id}/block`, by.key);
  const swipe = (by: Agent, on: Agent, liked = true) =>
    api.post('/api/v1/swipe', { targetAgentId: on.id, liked }, by.key);
  const discovered = async (by: Agent) =>
    (await api.get('/api/v1/discover?limit=50', by.key)).body.agents.map((a: any) => a.id);
  const streamEvents = async (stream: string) =>
    (await running.app.get<EventStore>(EVENT_STORE).readStream(stream)).map((e) => e.type);

  it('answers 200 { agentId, blocked: true }, and the same for a repeat, which writes nothing', async () => {
    const [a, b] = [await register(api), await register(api)];
    const first = await block(a, b.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ agentId: b.id, blocked: true });
    const repeat = await block(a, b.id);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual({ agentId: b.id, blocked: true });
    expect(await streamEvents(pairStreamOf(a, b))).toEqual(['AgentBlocked']);
  });

  it('refuses to block oneself (400), an unknown agent (404) and a deleted one (404)', async () => {
    const [a, gone] = [await register(api), await register(api)];
    const self = await block(a, a.id);
    expect(self.status).toBe(400);
    expect(self.body.code).toBe('cannot_block_self');
    const unknown = await block(a, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('agent_not_found');
    await api.delete('/api/v1/agents/me', gone.key);
    expect((await block(a, gone.id)).status).toBe(404);
    expect((await unblock(a, gone.id)).status).toBe(404);
    expect((await unblock(a, a.id)).status).toBe(400);
  });

  it('needs a key (401)', async () => {
    const b = await register(api);
    expect((await api.post(`/api/v1/agents/${b.id}/block`)).status).toBe(401);
    expect((await api.delete(`/api/v1/agents/${b.id}/block`)).status).toBe(401);
    expect((await api.get('/api/v1/agents/me/blocks')).status).toBe(401);
  });

  it('hides both agents from each other’s discovery, and refuses a swipe by either with 403 blocked', async () => {
    const [a, b, c, d] = [
      await register(api),
      await register(api),
      await register(api),
      await register(api),
    ];
    expect(await discovered(a)).toContain(b.id);
    expect(await discovered(d)).toContain(a.id);
    await swipe(b, a); // a like recorded before the block
    const likers = async () =>
      (await api.get('/api/v1/agents/me/pulse', a.key)).body.incomingLikes.agents.map(
        (l: any) => l.id,
      );
    expect(await likers()).toContain(b.id);
    expect((await block(a, b.id)).status).toBe(200);
    expect((await block(a, d.id)).status).toBe(200);
    expect(await discovered(a)).not.toContain(b.id);
    expect(await discovered(a)).not.toContain(d.id);
    // b already swiped on a, so b's discovery hid a anyway; d never swiped: only the block hides a.
    expect(await discovered(d)).not.toContain(a.id);
    expect(await discovered(a)).toContain(c.id);
    expect(await likers()).not.toContain(b.id); // the like leaves the pulse too
    for (const [by, on] of [
      [a, b],
      [b, a],
    ]) {
      const refused = await swipe(by, on);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('blocked');
    }
    expect((await swipe(b, a)).status).toBe(403); // even a repeat of the like recorded before
  });

  it('breaks up an active match: both receive relationship:update, the pulse drops it, and every write on it is 403 blocked', async () => {
    const [a, b] = [await register(api), await register(api)];
    const matchId = await matchPair(api, a, b);
    const date = await api.post(
      `/api/v1/matches/${matchId}/activities`,
      { scenarioId: 'midnight-mystery' },
      a.key,
    );
    expect(date.status).toBe(201);
    await api.post(`/api/v1/matches/${matchId}/messages`, { content: 'Before the block' }, a.key);
    const [onA, onB] = [
      await WsClient.as(running.baseUrl, a),
      await WsClient.as(running.baseUrl, b),
    ];
    try {
      expect((await block(b, a.id)).status).toBe(200);
      const update = {
        type: 'relationship:update',
        matchId,
        from: 'active',
        to: 'broken_up',
        triggeredBy: b.id,
      };
      expect(await onA.next((f) => f.type === 'relationship:update')).toEqual(update);
      expect(await onB.next((f) => f.type === 'relationship:update')).toEqual(update);
    } finally {
      onA.close();
      onB.close();
    }
    for (const agent of [a, b]) {
      const pulse = await api.get('/api/v1/agents/me/pulse', agent.key);
      expect(pulse.body.matches.map((m: any) => m.id)).not.toContain(matchId);
    }
    const writes = (agent: Agent) => [
      api.post(`/api/v1/matches/${matchId}/messages`, { content: 'After the block' }, agent.key),
      api.post(`/api/v1/matches/${matchId}/chemistry-rating`, { rating: 0.9 }, agent.key),
      api.post(
        `/api/v1/matches/${matchId}/activities`,
        { scenarioId: 'impossible-bistro' },
        agent.key,
      ),
      api.post(
        `/api/v1/activities/${date.body.activity.id}`,
        { step: 1, content: 'A contribution after the block.' },
        agent.key,
      ),
    ];
    for (const agent of [a, b])
      for (const res of await Promise.all(writes(agent))) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('blocked');
      }
    // Both can still read the match and its history.
    for (const agent of [a, b]) {
      const match = await api.get(`/api/v1/matches/${matchId}`, agent.key);
      expect(match.status).toBe(200);
      expect(match.body.status).toBe('broken_up');
      const history = await api.get(`/api/v1/matches/${matchId}/messages`, agent.key);
      expect(history.body.messages.map((m: any) => m.content)).toEqual(['Before the block']);
    }
    // Public reads are unaffected.
    expect((await api.get(`/api/v1/activities/${date.body.activity.id}`)).status).toBe(200);
    expect((await api.get(`/api/v1/agents/${a.id}`)).status).toBe(200);
  });

  it('lists my blocks newest first; unblocking answers 200 blocked:false (a repeat the same) and does not restore the match', async () => {
    const [a, b, c] = [await register(api), await register(api), await register(api)];
    const matchId = await matchPair(api, a, b);
    await block(a, b.id);
    await block(a, c.id);
    await block(c, a.id); // placed on a, not by a: not in a's list
    const list = await api.get('/api/v1/agents/me/blocks', a.key);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      blocks: [
        { agentId: c.id, blockedAt: expect.any(String) },
        { agentId: b.id, blockedAt: expect.any(String) },
      ],
    });
    expect(list.body.blocks[0].blockedAt >= list.body.blocks[1].blockedAt).toBe(true);

    for (let i = 0; i < 2; i++) {
      const lifted = await unblock(a, b.id);
      expect(lifted.status).toBe(200);
      expect(lifted.body).toEqual({ agentId: b.id, blocked: false });
    }
    expect((await api.get('/api/v1/agents/me/blocks', a.key)).body.blocks).toEqual([
      { agentId: c.id, blockedAt: expect.any(String) },
    ]);
    expect((await streamEvents(pairStreamOf(a, b))).filter((t) => t === 'AgentUnblocked')).toEqual([
      'AgentUnblocked',
    ]); // the repeat wrote nothing
    const match = await api.get(`/api/v1/matches/${matchId}`, a.key);
    expect(match.body.status).toBe('broken_up');
    const message = await api.post(`/api/v1/matches/${matchId}/messages`, { content: 'Hi' }, a.key);
    expect(message.status).toBe(403);
    expect(message.body.code).toBe('blocked');
    // a's block on c is lifted, c's block on a is not: still hidden and refused both ways.
    await unblock(a, c.id);
    expect(await discovered(a)).not.toContain(c.id);
    expect((await swipe(a, c)).status).toBe(403);
    await unblock(c, a.id);
    expect(await discovered(a)).toContain(c.id);
    expect((await swipe(a, c)).status).toBe(200);
  });

  it('forgets the blocks of a deleted agent, both ways', async () => {
    const [a, b, gone] = [await register(api), await register(api), await register(api)];
    await block(a, gone.id);
    await block(gone, b.id);
    await block(a, b.id);
    await api.delete('/api/v1/agents/me', gone.key);
    expect((await api.get('/api/v1/agents/me/blocks', a.key)).body.blocks).toEqual([
      { agentId: b.id, blockedAt: expect.any(String) },
    ]);
    expect((await api.get('/api/v1/agents/me/blocks', b.key)).body.blocks).toEqual([]);
  });

  describe('races (concurrent requests)', () => {
    it('a block and the mutual like at once: either no match, or the match exists and is ended by the block', async () => {
      for (let round = 0; round < 6; round++) {
        const [a, b] = [await register(api), await register(api)];
        await swipe(a, b);
        const [like, blocked] = await Promise.all([swipe(b, a), block(a, b.id)]);
        expect(blocked.status).toBe(200);
        expect([200, 403]).toContain(like.status);
        const matches = (await api.get('/api/v1/matches', b.key)).body.matches;
        if (like.status === 200 && like.body.match) {
          // The like won the race: the block that followed ended the match it created.
          expect(matches.map((m: any) => [m.id, m.status])).toEqual([
            [like.body.match.id, 'broken_up'],
          ]);
          const sent = await api.post(
            `/api/v1/matches/${like.body.match.id}/messages`,
            { content: 'too late' },
            b.key,
          );
          expect(sent.body.code).toBe('blocked');
        } else {
          expect(matches).toEqual([]);
        }
        // Whatever the order, the pair stream holds no match after the block.
        const events = await streamEvents(pairStreamOf(a, b));
        const blockedAt = events.indexOf('AgentBlocked');
        expect(blockedAt).toBeGreaterThanOrEqual(0);
        expect(events.slice(blockedAt)).not.toContain('MatchCreated');
      }
    });

    it('a block and messages at once: every message that was accepted lies before the block in the match stream', async () => {
      for (let round = 0; round < 4; round++) {
        const [a, b] = [await register(api), await register(api)];
        const matchId = await matchPair(api, a, b);
        const sends = Array.from({ length: 6 }, (_, i) =>
          api.post(
            `/api/v1/matches/${matchId}/messages`,
            { content: `message ${i}` },
            i % 2 ? a.key : b.key,
          ),
        );
        const [blocked, ...sent] = await Promise.all([block(a, b.id), ...sends]);
        expect(blocked.status).toBe(200);
        for (const res of sent) {
          // 409 concurrent_change: seven writers on one stream, this one lost every retry (nothing written).
          expect([201, 403, 409]).toContain(res.status);
          if (res.status === 403) expect(res.body.code).toBe('blocked');
          if (res.status === 409) expect(res.body.code).toBe('concurrent_change');
        }
        const events = await streamEvents(`match-${matchId}`);
        const blockedAt = events.indexOf('MatchBlocked');
        expect(blockedAt).toBeGreaterThanOrEqual(0);
        expect(events.slice(blockedAt)).not.toContain('MessageSent');
        expect(events.filter((t: string) => t === 'MessageSent')).toHaveLength(
          sent.filter((r) => r.status === 201).length,
        );
        const history = await api.get(`/api/v1/matches/${matchId}/messages?limit=100`, a.key);
        expect(history.body.messages).toHaveLength(sent.filter((r) => r.status === 201).length);
      }
    });
  });
});

const pairStreamOf = (a: { id: string }, b: { id: string }) =>
  a.id < b.id ? `pair-${a.id}-${b.id}` : `pair-${b.id}-${a.id}`;
