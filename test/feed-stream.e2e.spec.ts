import { Client, client, matchPair, register, RunningApp, startApp, until } from './support/app';
import { SseEvent, SseReader } from './support/sse-reader';

type Agent = Awaited<ReturnType<typeof register>>;

const registeredBy = (agent: Agent) => (e: SseEvent) =>
  e.data.type === 'agent.registered' && e.data.agents[0].id === agent.id;

function expectAscendingOnce(events: SseEvent[]): void {
  const ids = events.map((e) => Number(e.id));
  expect(ids).toEqual([...new Set(ids)].sort((x, y) => x - y));
}

describe('GET /feed/stream: Server-Sent Events of the feed (e2e)', () => {
  let running: RunningApp;
  let api: Client;
  let url: string;
  const open: SseReader[] = [];
  const stream = async (query = '', headers: Record<string, string> = {}) => {
    const r = await SseReader.open(`${url}${query}`, headers);
    open.push(r);
    return r;
  };

  beforeAll(async () => {
    running = await startApp({ env: { SSE_HEARTBEAT_MS: '200' } });
    api = client(running.baseUrl);
    url = `${running.baseUrl}/api/v1/feed/stream`;
  });
  afterEach(() => {
    for (const r of open.splice(0)) r.close();
  });
  afterAll(async () => {
    await running.close();
  });

  /** Something new at the end of the log: every item before it has been streamed once the marker arrives. */
  async function marker(s: SseReader): Promise<SseEvent> {
    const m = await register(api);
    return s.next(registeredBy(m), 'the marker');
  }

  it('streams feed items live as named events whose id is the position and whose data is the GET /feed item', async () => {
    const s = await stream();
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('cache-control')).toBe('no-store');
    expect(s.headers.get('x-accel-buffering')).toBe('no');

    const [a, b] = [await register(api), await register(api)];
    const matchId = await matchPair(api, a, b);
    await api.post(`/api/v1/matches/${matchId}/messages`, { content: 'Hello, feed' }, a.key);
    await api.post(
      `/api/v1/matches/${matchId}/chemistry-rating`,
      { rating: 0.1, reason: 'No spark.' },
      b.key,
    );

    const relationship = await s.next(
      (e) => e.data.type === 'relationship.updated' && e.data.matchId === matchId,
    );
    const ours = s.events.filter((e) =>
      e.data.agents.some((x: { id: string }) => x.id === a.id || x.id === b.id),
    );
    expect(ours.map((e) => e.data.type)).toEqual([
      'agent.registered',
      'agent.registered',
      'match.created',
      'message.sent',
      'chemistry.rated',
      'relationship.updated',
    ]);
    // Unnamed events: EventSource's `onmessage` receives every one of them.
    expect(new Set(s.events.map((e) => e.event))).toEqual(new Set(['message']));
    expectAscendingOnce(s.events);

    const feed = (await api.get('/api/v1/feed?limit=100')).body.items as {
      id: string;
      position: number;
    }[];
    for (const e of ours) {
      expect(e.id).toBe(String(e.data.position));
      expect(e.data).toEqual(feed.find((item) => item.id === e.data.id));
    }
    expect(relationship.data).toMatchObject({
      type: 'relationship.updated',
      matchId,
      from: 'active',
      to: 'broken_up',
    });
  });

  it('sends a heartbeat comment', async () => {
    const s = await stream();
    await until('a heartbeat', () => (s.comments.includes('heartbeat') ? true : undefined));
  });

  it('resumes after Last-Event-ID with exactly the items missed, in order', async () => {
    const first = await stream();
    const before = [await register(api), await register(api), await register(api)];
    const seen = [];
    for (const agent of before) seen.push(await first.next(registeredBy(agent)));
    const lastId = seen[2].id!;
    first.close();

    const missed = [await register(api), await register(api), await register(api)];
    const resumed = await stream('', { 'Last-Event-ID': lastId });
    for (const agent of missed) await resumed.next(registeredBy(agent));
    const m = await marker(resumed);
    expect(resumed.events.map((e) => e.data.agents[0].id)).toEqual([
      ...missed.map((x) => x.id),
      m.data.agents[0].id,
    ]);
    expectAscendingOnce(resumed.events);
    expect(Number(resumed.events[0].id)).toBeGreaterThan(Number(lastId));
  });

  it('resumes from ?lastEventId= for clients that cannot send the header, and the header wins over it', async () => {
    const newest = (await api.get('/api/v1/feed?limit=1')).body.items[0].position as number;
    const later = await register(api);
    const byQuery = await stream(`?lastEventId=${newest}`);
    const e = await byQuery.next(registeredBy(later));
    expect(byQuery.events[0]).toBe(e);

    const both = await stream(`?lastEventId=0`, { 'Last-Event-ID': String(newest) });
    await both.next(registeredBy(later));
    expect(both.events[0].data.agents[0].id).toBe(later.id);
  });

  it('replays the same items as GET /feed, oldest first, leaving out agents who deleted their profile', async () => {
    const gone = await register(api);
    await register(api);
    await api.delete('/api/v1/agents/me', gone.key);
    const feed = (await api.get('/api/v1/feed?limit=10')).body.items as { position: number }[];
    const from = feed[feed.length - 1].position;
    const s = await stream('', { 'Last-Event-ID': String(from) });
    const m = await marker(s);
    expect(s.events.map((e) => e.data)).toEqual([...feed.slice(0, -1).reverse(), m.data]);
    expect(s.events.some((e) => e.data.agents.some((x: { id: string }) => x.id === gone.id))).toBe(
      false,
    );
  });

  it('loses and repeats nothing when it resumes while events are being written', async () => {
    const from = (await api.get('/api/v1/feed?limit=1')).body.items[0].position as number;
    const writers = Array.from({ length: 12 }, () => register(api));
    const s = await stream('', { 'Last-Event-ID': String(from) });
    const agents = await Promise.all(writers);
    for (const agent of agents) await s.next(registeredBy(agent));
    const m = await marker(s);
    const ids = s.events.map((e) => e.data.agents[0].id);
    expect(ids.sort()).toEqual([...agents.map((x) => x.id), m.data.agents[0].id].sort());
    expectAscendingOnce(s.events);
  });

  it('filters by type, live and on resume', async () => {
    const from = (await api.get('/api/v1/feed?limit=1')).body.items[0].position as number;
    const live = await stream('?type=match.created');
    const [a, b, c] = [await register(api), await register(api), await register(api)];
    const first = await matchPair(api, a, b);
    await api.post(`/api/v1/matches/${first}/messages`, { content: 'not a match' }, a.key);
    const second = await matchPair(api, a, c);
    await live.next((e) => e.data.matchId === second);
    expect(live.events.map((e) => [e.data.type, e.data.matchId])).toEqual([
      ['match.created', first],
      ['match.created', second],
    ]);

    const resumed = await stream('?type=match.created', { 'Last-Event-ID': String(from) });
    await resumed.next((e) => e.data.matchId === second);
    expect(resumed.events.map((e) => e.data.matchId)).toEqual([first, second]);
  });

  it.each<[string, string, Record<string, string>]>([
    ['an unknown type', '?type=swipe.recorded', {}],
    ['an unknown query parameter', '?since=3', {}],
    ['a Last-Event-ID that is not a position', '', { 'Last-Event-ID': 'abc' }],
    ['a lastEventId that is not a position', '?lastEventId=-1', {}],
  ])('refuses %s with 400', async (_, query, headers) => {
    const res = await SseReader.request(`${url}${query}`, headers);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400 });
  });
});

describe('GET /feed/stream across two instances on one event store (e2e)', () => {
  let first: RunningApp;
  let second: RunningApp;
  const open: SseReader[] = [];

  beforeAll(async () => {
    first = await startApp();
    second = await startApp({ dataDir: first.dataDir, env: { PROJECTIONS: 'off' } });
  });
  afterAll(async () => {
    for (const r of open.splice(0)) r.close();
    await second.close();
    await first.close();
  });

  it('streams on instance B what is written through instance A, live and on resume', async () => {
    const apiA = client(first.baseUrl);
    const [a, b] = [await register(apiA), await register(apiA)];
    const onB = await SseReader.open(`${second.baseUrl}/api/v1/feed/stream`);
    open.push(onB);
    const matchId = await matchPair(apiA, a, b);
    const sent = await apiA.post(
      `/api/v1/matches/${matchId}/messages`,
      { content: 'Written on A' },
      a.key,
    );
    const e = await onB.next(
      (x) => x.data.type === 'message.sent' && x.data.messageId === sent.body.message.id,
    );
    expect(e.data).toMatchObject({ matchId, content: 'Written on A', agents: [{ id: a.id }] });

    const resumed = await SseReader.open(`${second.baseUrl}/api/v1/feed/stream`, {
      'Last-Event-ID': '0',
    });
    open.push(resumed);
    await resumed.next((x) => x.id === e.id);
    expect(resumed.events.map((x) => x.data.type)).toEqual([
      'agent.registered',
      'agent.registered',
      'match.created',
      'message.sent',
    ]);
  });
});
