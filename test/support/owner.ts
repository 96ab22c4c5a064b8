import { createHash } from 'node:crypto';
import { ManualClock } from '@companion/platform';
import { client, Client, register, RunningApp, startApp } from './app';

export const WEDNESDAY = '2026-11-18T12:00:00.000Z';
export const MINUTE = 60 * 1000;
export const DAY = 24 * 60 * MINUTE;
export const OWNER_HEADER = { 'x-companion-owner': '1' };
export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

type Agent = Awaited<ReturnType<typeof register>>;

/** Requests as a browser makes them to /owner: cookies by hand, the owner header when asked. */
export type OwnerClient = ReturnType<typeof ownerClient>;

export function ownerClient(baseUrl: string) {
  async function request(
    method: string,
    path: string,
    options: { cookie?: string; body?: unknown; header?: boolean } = {},
  ) {
    const headers: Record<string, string> = options.header === false ? {} : { ...OWNER_HEADER };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: 'manual',
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* the page is HTML */
    }
    return { status: res.status, body, text, headers: res.headers };
  }
  return {
    request,
    redeem: (secret: unknown, header = true) =>
      request('POST', '/owner/session', { body: { secret }, header }),
    dashboard: (cookie?: string) => request('GET', '/owner/api/dashboard', { cookie }),
    rsvp: (key: string, action: unknown, cookie?: string, header = true) =>
      request('POST', `/owner/api/mixer/${key}/rsvp`, { body: { action }, cookie, header }),
    disconnect: (cookie?: string, header = true) =>
      request('POST', '/owner/api/disconnect', { cookie, header }),
  };
}

export const secretOf = (ownerUrl: string) => ownerUrl.slice(ownerUrl.indexOf('#') + 1);
/** `companion_owner=<value>` from a Set-Cookie header, as a browser would send it back. */
export const cookieFrom = (setCookie: string | null) => {
  if (!setCookie) throw new Error('no Set-Cookie');
  return setCookie.split(';')[0];
};

/**
 * The app of the owner suites (test/owner-*.e2e.spec.ts), on a clock set back to a Wednesday before
 * every test. Call it inside the suite's describe. `ownerLink` asks for an agent's owner link;
 * `session` redeems one and answers the session cookie; `fixtures()` answers the app once started.
 */
export function ownerWorld() {
  let running: RunningApp;
  let api: Client;
  let owner: OwnerClient;
  const clock = new ManualClock(new Date(WEDNESDAY));

  const ownerLink = (agent: Agent) =>
    api.post('/api/v1/agents/me/owner-link', undefined, agent.key);
  const session = async (agent: Agent) => {
    const link = await ownerLink(agent);
    const res = await owner.redeem(secretOf(link.body.ownerUrl));
    expect(res.status).toBe(201);
    return cookieFrom(res.headers.get('set-cookie'));
  };

  beforeAll(async () => {
    running = await startApp({ clock });
    api = client(running.baseUrl);
    owner = ownerClient(running.baseUrl);
  });
  afterAll(() => running.close());
  beforeEach(() => clock.set(WEDNESDAY));

  return { clock, ownerLink, session, fixtures: () => ({ running, api, owner }) };
}
