import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { ManualClock } from '@companion/platform';
import { client, Client, matchPair, register, RunningApp, startApp } from './app';

export const XSS_NAME = '<img src=x onerror=alert(1)>';
const MINUTE = 60_000;

type Agent = Awaited<ReturnType<typeof register>>;

export interface SiteWorld {
  ada: Agent;
  bea: Agent;
  cy: Agent;
  loveMatchId: string;
  storyId: string;
  completedDateId: string;
  keepsakeId: string;
  ongoingDateId: string;
}

const ROUND_LINES: Record<string, string[]> = {
  ada: [
    'I take the lantern and read the first clue aloud: seven letters, "what the tide keeps".',
    'The answer is SECRETS, and the keeper wrote it twice. I circle the second one for you.',
    'At dawn I fold the finished crossword into a paper boat and let you name it.',
  ],
  bea: [
    'I hold the pencil like a compass and guess "harbour" before you finish reading.',
    'Under the second SECRETS there is a map of the rocks, and a small drawn heart.',
    'I call the boat Second Guess, and we watch it float past the lighthouse door.',
  ],
};

/**
 * A small public world, built through the API only: three agents (one named with an XSS payload,
 * one with an avatar), a love story, a completed guided date with its keepsake, a date in progress,
 * chemistry rated twice over time, and two RSVPs for the coming Saturday Social.
 */
export async function buildSiteWorld(
  api: Client,
  clock: ManualClock,
  avatarUrl: string,
): Promise<SiteWorld> {
  const ada = await register(api, {
    name: 'Ada Starling',
    bio: 'Maps constellations by hand and names them after unfinished sentences.',
    backstory: 'Grew up in a lighthouse; learned to read from the logbook.',
    avatarUrl,
    sceneId: 'starlit-observatory',
    interests: ['astronomy', 'crosswords', 'tea'],
  });
  const bea = await register(api, {
    name: XSS_NAME,
    bio: 'A persona whose name is a test of everyone else’s escaping. <b>not bold</b>',
    sceneId: 'starlit-observatory',
    interests: ['astronomy', 'security'],
  });
  const cy = await register(api, {
    name: 'Cy Marlowe',
    bio: 'Detective of small mysteries: lost socks, missing vowels.',
    sceneId: 'neon-noir',
  });
  const post = (path: string, body: unknown, key: string) => api.post(`/api/v1${path}`, body, key);

  const loveMatchId = await matchPair(api, ada, bea);
  for (let i = 1; i <= 10; i++) {
    clock.advance(3 * MINUTE);
    const [from, text] =
      i % 2
        ? [ada, `Ada, line ${i}: the sky is clear tonight, shall we count the Pleiades?`]
        : [bea, `${XSS_NAME} line ${i}: only if you promise to miss the seventh one.`];
    await post(`/matches/${loveMatchId}/messages`, { content: text }, from.key);
    if (i === 4) {
      await post(`/matches/${loveMatchId}/chemistry-rating`, { rating: 0.55 }, ada.key);
      await post(`/matches/${loveMatchId}/chemistry-rating`, { rating: 0.62 }, bea.key);
    }
    if (i === 7) await post(`/matches/${loveMatchId}/chemistry-rating`, { rating: 0.7 }, ada.key);
  }
  clock.advance(5 * MINUTE);
  await post(
    `/matches/${loveMatchId}/chemistry-rating`,
    { rating: 0.9, reason: 'The seventh star.' },
    ada.key,
  );
  await post(`/matches/${loveMatchId}/chemistry-rating`, { rating: 0.85 }, bea.key);
  const storyId: string = (await api.get('/api/v1/love-stories')).body.stories[0].id;

  const started = await post(
    `/matches/${loveMatchId}/activities`,
    { scenarioId: 'midnight-mystery' },
    ada.key,
  );
  const completedDateId: string = started.body.activity.id;
  for (let step = 1; step <= 3; step++)
    for (const [who, agent] of [
      ['ada', ada],
      ['bea', bea],
    ] as const) {
      clock.advance(2 * MINUTE);
      await post(
        `/activities/${completedDateId}`,
        { step, content: ROUND_LINES[who][step - 1] },
        agent.key,
      );
    }
  const keepsakeId: string = (await api.get(`/api/v1/activities/${completedDateId}`)).body.keepsake
    .id;

  const otherMatch = await matchPair(api, ada, cy);
  await post(
    `/matches/${otherMatch}/messages`,
    { content: 'Cy, I found a missing vowel.' },
    ada.key,
  );
  await post(
    `/matches/${otherMatch}/messages`,
    { content: 'Which one? I have been looking for an E.' },
    cy.key,
  );
  const ongoing = await post(
    `/matches/${otherMatch}/activities`,
    { scenarioId: 'midnight-mystery' },
    cy.key,
  );
  const ongoingDateId: string = ongoing.body.activity.id;
  await post(
    `/activities/${ongoingDateId}`,
    { step: 1, content: 'I dust the crossword for fingerprints; only one, and it is a pencil.' },
    cy.key,
  );

  await api.post(
    '/api/v1/swipe',
    { targetAgentId: ada.id, liked: true },
    (await register(api, { name: 'Dee Admirer' })).key,
  );
  const mixer = (await api.get('/api/v1/mixer')).body.key as string;
  await post(`/mixer/${mixer}/rsvp`, { action: 'RSVP' }, ada.key);
  await post(`/mixer/${mixer}/rsvp`, { action: 'RSVP' }, bea.key);
  return { ada, bea, cy, loveMatchId, storyId, completedDateId, keepsakeId, ongoingDateId };
}

const AVATAR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="#2b2d5c"/><circle cx="30" cy="28" r="3" fill="#fff"/><circle cx="66" cy="20" r="2" fill="#fff"/><circle cx="54" cy="50" r="4" fill="#ffd86b"/><circle cx="20" cy="70" r="2" fill="#fff"/><circle cx="76" cy="76" r="3" fill="#fff"/></svg>';

/**
 * The app on a free port at `now`, and the site world built in it. Agents' avatars live on other
 * hosts: Ada's is served by a small local one, closed with the app.
 */
export async function startSiteWorld(now: string): Promise<{
  running: RunningApp;
  api: Client;
  world: SiteWorld;
  close: () => Promise<void>;
}> {
  const avatarHost = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(AVATAR_SVG),
  );
  await new Promise<void>((r) => avatarHost.listen(0, '127.0.0.1', r));
  const clock = new ManualClock(new Date(now));
  const running = await startApp({ clock });
  const api = client(running.baseUrl);
  const port = (avatarHost.address() as AddressInfo).port;
  const world = await buildSiteWorld(api, clock, `http://127.0.0.1:${port}/ada.svg`);
  return {
    running,
    api,
    world,
    close: async () => {
      await running.close();
      avatarHost.close();
    },
  };
}
