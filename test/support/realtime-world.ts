import { Client, client, matchPair, register, RunningApp, startApp, until } from './app';
import { IoClient } from './io-client';
import { WsClient } from './ws-client';

type Agent = Awaited<ReturnType<typeof register>>;

/** Short enough for the timeout test to be quick, long enough for every other client to authenticate first. */
export const AUTH_TIMEOUT_MS = 1_500;

export const aboutMatch = (matchId: string) => (f: any) =>
  f.matchId === matchId || f.match?.id === matchId;

/**
 * One app for the realtime suites (test/realtime-*.e2e.spec.ts), with a short auth timeout. Call it
 * inside the suite's describe: it starts the app before the suite, closes every client a test opened
 * after that test, and closes the app after the suite. `fixtures()` answers the app once started.
 */
export function realtimeWorld() {
  let running: RunningApp;
  let api: Client;
  const open: { close(): void }[] = [];
  const track = <T extends { close(): void }>(c: T): T => (open.push(c), c);

  beforeAll(async () => {
    running = await startApp({ env: { WS_AUTH_TIMEOUT_MS: String(AUTH_TIMEOUT_MS) } });
    api = client(running.baseUrl);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.close();
  });
  afterAll(async () => {
    await running.close();
  });

  const ws = async (agent?: Agent) =>
    track(agent ? await WsClient.as(running.baseUrl, agent) : await WsClient.open(running.baseUrl));
  const sio = async (agent: Agent) => track(await IoClient.as(running.baseUrl, agent));

  /**
   * An agent in a match of its own, used to prove that an event did not reach it: events reach a
   * connection in log order, so once it has the message:new of a later message in its own match,
   * anything meant for it before would have arrived already.
   */
  async function bystander() {
    const [c, d] = [await register(api), await register(api)];
    const matchId = await matchPair(api, c, d);
    return {
      agent: c,
      /** Resolves when the bystander's client has received everything the log held for it up to now. */
      async flush(received: () => any[], transport: 'ws' | 'io'): Promise<void> {
        const content = `marker ${Math.random()}`;
        await api.post(`/api/v1/matches/${matchId}/messages`, { content }, d.key);
        const isMarker = (f: any) =>
          transport === 'ws'
            ? f.type === 'message:new' && f.message.content === content
            : f.name === 'message:new' && f.payload.message.content === content;
        await until('the bystander marker', () => received().find(isMarker));
      },
    };
  }

  return { ws, sio, track, bystander, fixtures: () => ({ running, api }) };
}
