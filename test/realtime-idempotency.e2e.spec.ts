import { WebSocket } from 'ws';
import { client, matchPair, register, RunningApp, startApp, until } from './support/app';

/** A `/ws` client authenticated as an agent; `reply(id, n)` is the n-th reply carrying that requestId. */
async function wsAs(baseUrl: string, apiKey: string) {
  const frames: any[] = [];
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`);
  socket.on('message', (data) => frames.push(JSON.parse((data as Buffer).toString('utf8'))));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'auth', apiKey }));
  await until('auth', () => frames.find((f) => f.type === 'auth:success'));
  return {
    send: (frame: unknown) => socket.send(JSON.stringify(frame)),
    reply: (requestId: string, n = 1) =>
      until(`reply ${n} to ${requestId}`, () => {
        const replies = frames.filter((f) => f.requestId === requestId);
        return replies.length >= n ? replies[n - 1] : undefined;
      }),
    close: () => socket.close(),
  };
}

describe('/ws message:send with a requestId: the same send twice writes once', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp();
  });
  afterAll(() => running.close());

  it('answers a repeated requestId with the first reply, across connections, and 422 for other content', async () => {
    const api = client(running.baseUrl);
    const [a, b] = [await register(api), await register(api)];
    const matchId = await matchPair(api, a, b);
    const first = await wsAs(running.baseUrl, a.key);
    first.send({ type: 'message:send', requestId: 'send-1', matchId, content: 'once' });
    const original = await first.reply('send-1');
    expect(original.type).toBe('message:sent');
    first.close();

    // The connection dropped before the client saw the reply; it sends again on a new one.
    const second = await wsAs(running.baseUrl, a.key);
    second.send({ type: 'message:send', requestId: 'send-1', matchId, content: 'once' });
    expect(await second.reply('send-1')).toEqual(original);
    second.send({ type: 'message:send', requestId: 'send-1', matchId, content: 'changed' });
    expect(await second.reply('send-1', 2)).toMatchObject({
      type: 'error',
      status: 422,
      code: 'idempotency_key_reused',
    });
    second.close();

    const listed = await api.get(`/api/v1/matches/${matchId}/messages`, a.key);
    expect(listed.body.messages.map((m: { content: string }) => m.content)).toEqual(['once']);
  });
});
