import { client, matchPair, register, RunningApp, startApp } from './support/app';
import { WsClient } from './support/ws-client';

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
    const first = await WsClient.as(running.baseUrl, a);
    first.send({ type: 'message:send', requestId: 'send-1', matchId, content: 'once' });
    const original = await first.reply('send-1');
    expect(original.type).toBe('message:sent');
    // The message's id is derived from the requestId's scope (a version-5 UUID), not drawn at
    // random: a send whose first attempt wrote but could not answer names the same message.
    expect(original.message.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-/);
    first.close();

    // The connection dropped before the client saw the reply; it sends again on a new one.
    const second = await WsClient.as(running.baseUrl, a);
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
