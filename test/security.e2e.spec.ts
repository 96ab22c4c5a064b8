import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  agentInput,
  Client,
  client,
  matchPair,
  register,
  Response,
  RunningApp,
  startApp,
} from './support/app';
import { kill, startService } from './support/process';

/**
 * Security checks (issue "Security checks"): API keys are only hashed at rest, keys and session
 * cookies never reach the process's output, a non-participant can never read or write a match's
 * private endpoints, and text is returned as data (JSON, byte for byte; `avatarUrl` only http/https).
 */

type Agent = Awaited<ReturnType<typeof register>>;

const JSON_CT = { 'content-type': 'application/json' };
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const line = (who: string, step: number) => `${who} imagines round ${step} in vivid detail.`;

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every row of every table of a SQLite file, as text (blobs decoded as UTF-8). */
function dumpTables(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`)
      .all() as Array<{ name: string }>;
    expect(tables.length).toBeGreaterThan(0);
    return tables
      .map(({ name }) => {
        const rows = db.prepare(`SELECT * FROM "${name.replace(/"/g, '""')}"`).all();
        return `${name}: ${JSON.stringify(rows, (_, v) => (Buffer.isBuffer(v) ? v.toString('utf8') : typeof v === 'bigint' ? v.toString() : v))}`;
      })
      .join('\n');
  } finally {
    db.close();
  }
}

function expectStatus(res: Response, status: number): void {
  if (res.status !== status)
    throw new Error(
      `expected ${status}, got ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`,
    );
}

describe('Security (e2e)', () => {
  describe('API keys are only hashed at rest', () => {
    let running: RunningApp;
    let api: Client;
    let agents: Agent[];
    let closed = false;

    beforeAll(async () => {
      running = await startApp();
      api = client(running.baseUrl);
      agents = [await register(api, { name: 'Kira' }), await register(api, { name: 'Lior' })];
      // Use the keys on reads and writes of every kind, and send a wrong one.
      const [k, l] = agents;
      expect((await api.get('/api/v1/agents/me', k.key)).status).toBe(200);
      expect(
        (await api.patch('/api/v1/agents/me', { bio: 'Changed with my key.' }, k.key)).status,
      ).toBe(200);
      const matchId = await matchPair(api, k, l);
      expect(
        (await api.post(`/api/v1/matches/${matchId}/messages`, { content: 'hello' }, l.key)).status,
      ).toBe(201);
      expect((await api.get('/api/v1/agents/me/pulse', k.key)).status).toBe(200);
      expect(
        (
          await api.get(
            '/api/v1/agents/me',
            `companion_sk_${randomBytes(32).toString('base64url')}`,
          )
        ).status,
      ).toBe(401);
    });
    afterAll(async () => {
      if (!closed) await running.close();
    });

    it('the app keeps its data in events.db and read.db', () => {
      const names = readdirSync(running.dataDir);
      expect(names).toEqual(expect.arrayContaining(['events.db', 'read.db']));
    });

    it('no table of events.db or read.db holds a plaintext key; both hold its SHA-256', () => {
      const events = dumpTables(join(running.dataDir, 'events.db'));
      const read = dumpTables(join(running.dataDir, 'read.db'));
      for (const { key } of agents) {
        const secret = key.slice('companion_sk_'.length);
        for (const dump of [events, read]) {
          expect(dump).not.toContain(key);
          expect(dump).not.toContain(secret);
        }
        expect(events).toContain(sha256(key));
        expect(read).toContain(sha256(key));
      }
    });

    it('no byte of any file in the data directory (WAL and shared memory included) holds a plaintext key, while the app runs and after it stops', async () => {
      const scan = () => {
        const all = filesUnder(running.dataDir);
        expect(all.length).toBeGreaterThan(0);
        const hashSeen = new Set<string>();
        for (const file of all) {
          const bytes = readFileSync(file);
          for (const { key } of agents) {
            const secret = key.slice('companion_sk_'.length);
            for (const needle of [key, secret]) {
              expect({ file, utf8: bytes.includes(Buffer.from(needle, 'utf8')) }).toEqual({
                file,
                utf8: false,
              });
              expect({ file, utf16: bytes.includes(Buffer.from(needle, 'utf16le')) }).toEqual({
                file,
                utf16: false,
              });
            }
            expect({ file, raw: bytes.includes(Buffer.from(secret, 'base64url')) }).toEqual({
              file,
              raw: false,
            });
            if (bytes.includes(Buffer.from(sha256(key)))) hashSeen.add(key);
          }
        }
        return hashSeen;
      };
      expect(scan().size).toBe(agents.length);
      await running.close();
      closed = true;
      // After a clean close the WAL is checkpointed into the database files: the hashes are there.
      expect(scan().size).toBe(agents.length);
    });
  });

  describe('keys and session cookies never reach the log', () => {
    it('the real process never prints a key, an owner secret or a session cookie, on success or failure', async () => {
      const service = await startService({
        DATA_DIR: mkdtempSync(join(tmpdir(), 'companion-sec-')),
        RATE_LIMITS: 'off',
        HOST: '127.0.0.1',
      });
      const secrets: string[] = [];
      try {
        const api = client(service.baseUrl);
        const x = await register(api, { name: 'Xan' });
        const y = await register(api, { name: 'Yul' });
        secrets.push(x.key, y.key);
        const wrong = `companion_sk_${randomBytes(32).toString('base64url')}`;
        secrets.push(wrong);

        expect((await api.get('/api/v1/agents/me', x.key)).status).toBe(200);
        expect((await api.get('/api/v1/agents/me', wrong)).status).toBe(401);
        expect(
          (
            await api.request('GET', '/api/v1/agents/me', {
              headers: { authorization: `Bearer ${x.key}x` },
            })
          ).status,
        ).toBe(401);
        expect(
          (
            await api.request('GET', '/api/v1/agents/me', {
              headers: { authorization: `Basic ${x.key}` },
            })
          ).status,
        ).toBe(401);
        expect((await api.get(`/api/v1/agents?apiKey=${x.key}`)).status).toBe(400);
        expect((await api.get(`/api/v1/agents/${x.key}`)).status).toBe(404);
        expect(
          (await api.post('/api/v1/swipe', { targetAgentId: x.key, liked: true }, x.key)).status,
        ).toBe(404);
        expect(
          (
            await api.request('POST', '/api/v1/swipe', {
              raw: `{"targetAgentId":"${x.key}"`,
              headers: JSON_CT,
              key: x.key,
            })
          ).status,
        ).toBe(400);
        expect(
          (await api.post(`/api/v1/mixer/${x.key}/rsvp`, { action: 'RSVP' }, x.key)).status,
        ).toBe(400);

        // Requests that fail inside the service (5xx are logged with their stack) carry a key too.
        const matchId = await matchPair(api, x, y);
        expect(
          (
            await api.post(
              `/api/v1/matches/${matchId}/activities`,
              { scenarioId: 'midnight-mystery' },
              x.key,
            )
          ).status,
        ).toBe(201);
        // A 500 is logged with its stack: the deep body below answers 500 today (the hostile suite's todo).
        await api.post(
          `/api/v1/matches/${matchId}/messages`,
          { content: `my key is ${x.key}` },
          y.key,
        );
        const deep = '['.repeat(20_000) + ']'.repeat(20_000);
        await api.request('POST', '/api/v1/swipe', {
          raw: `{"targetAgentId":${deep},"liked":"${x.key}"}`,
          headers: JSON_CT,
          key: x.key,
        });

        // The owner link (spec §5.8): its secret and the session cookie stay out of the output too.
        const link = await api.request('POST', '/api/v1/agents/me/owner-link', { key: x.key });
        expect(link.status).toBe(201);
        const secret = String(link.body.ownerUrl).split('#')[1];
        expect(secret).toBeTruthy();
        secrets.push(secret);
        const session = await fetch(`${service.baseUrl}/owner/session`, {
          method: 'POST',
          headers: { ...JSON_CT, 'x-companion-owner': '1' },
          body: JSON.stringify({ secret }),
        });
        const setCookie = session.headers.get('set-cookie');
        if (session.status === 201 && setCookie) {
          const cookie = setCookie.split(';')[0];
          secrets.push(cookie.slice(cookie.indexOf('=') + 1));
          await fetch(`${service.baseUrl}/owner/api/dashboard`, { headers: { cookie } });
          await fetch(`${service.baseUrl}/owner/api/disconnect`, {
            method: 'POST',
            headers: { cookie, 'x-companion-owner': '1' },
          });
        }
        // A second redemption of the one-use secret fails, and is not logged either.
        await fetch(`${service.baseUrl}/owner/session`, {
          method: 'POST',
          headers: { ...JSON_CT, 'x-companion-owner': '1' },
          body: JSON.stringify({ secret }),
        });
      } finally {
        await kill(service, 'SIGTERM');
      }
      const output = service.output();
      expect(output.length).toBeGreaterThan(0); // the output is captured (start-up lines at least)
      expect(output).not.toContain('companion_sk_');
      for (const s of secrets) {
        expect(output).not.toContain(s);
        expect(output).not.toContain(s.slice(-20));
        expect(output).not.toContain(sha256(s)); // not even hashed
      }
    });
  });

  describe('a non-participant can never read or write a match’s private endpoints', () => {
    let running: RunningApp;
    let api: Client;
    let a: Agent, b: Agent, third: Agent;
    let matchId: string;
    let dateMatchId: string;
    let activityId: string;

    const head = async () => (await api.get('/api/health')).body.eventStore.head as number;

    beforeAll(async () => {
      running = await startApp();
      api = client(running.baseUrl);
      [a, b, third] = [
        await register(api, { name: 'Ines' }),
        await register(api, { name: 'Joss' }),
        await register(api, { name: 'Tam' }),
      ];
      matchId = await matchPair(api, a, b);
      expect(
        (
          await api.post(
            `/api/v1/matches/${matchId}/messages`,
            { content: 'A secret-looking line from Ines' },
            a.key,
          )
        ).status,
      ).toBe(201);
      expect(
        (
          await api.post(
            `/api/v1/matches/${matchId}/messages`,
            { content: 'And a reply from Joss' },
            b.key,
          )
        ).status,
      ).toBe(201);
      expect(
        (
          await api.post(
            `/api/v1/matches/${matchId}/chemistry-rating`,
            { rating: 0.7, reason: 'warm' },
            a.key,
          )
        ).status,
      ).toBe(200);
      // A second match (of two other agents) holds a guided date with one contribution.
      const [c, d] = [await register(api, { name: 'Cato' }), await register(api, { name: 'Dara' })];
      dateMatchId = await matchPair(api, c, d);
      const started = await api.post(
        `/api/v1/matches/${dateMatchId}/activities`,
        { scenarioId: 'midnight-mystery' },
        c.key,
      );
      expect(started.status).toBe(201);
      activityId = started.body.activity.id;
      expect(
        (
          await api.post(
            `/api/v1/activities/${activityId}`,
            { step: 1, content: line('Cato', 1) },
            c.key,
          )
        ).status,
      ).toBe(201);
    });
    afterAll(() => running.close());

    /** Every private route: `{match}` is the conversation's match, `{dateMatch}` the one with the guided date `{activity}`. */
    const PRIVATE: Array<[string, string, unknown?]> = [
      ['GET', '/api/v1/matches/{match}'],
      ['GET', '/api/v1/matches/{match}/messages'],
      ['GET', '/api/v1/matches/{match}/messages?limit=1'],
      ['POST', '/api/v1/matches/{match}/messages', { content: 'let me in' }],
      ['POST', '/api/v1/matches/{match}/chemistry-rating', { rating: 0.1 }],
      ['POST', '/api/v1/matches/{match}/chemistry-rating', { rating: 0.9, reason: 'fake' }],
      ['POST', '/api/v1/matches/{match}/activities', { scenarioId: 'impossible-bistro' }],
      ['GET', '/api/v1/matches/{match}/dates'],
      ['POST', '/api/v1/matches/{match}/dates', { scenarioId: 'impossible-bistro' }],
      ['DELETE', '/api/v1/matches/{match}/dates'],
      ['GET', '/api/v1/matches/{dateMatch}'],
      ['GET', '/api/v1/matches/{dateMatch}/messages'],
      ['POST', '/api/v1/matches/{dateMatch}/messages', { content: 'let me in' }],
      ['POST', '/api/v1/matches/{dateMatch}/chemistry-rating', { rating: 0.1 }],
      ['POST', '/api/v1/matches/{dateMatch}/activities', { scenarioId: 'midnight-mystery' }],
      ['POST', '/api/v1/matches/{dateMatch}/activities', { scenarioId: 'postcards-from-tomorrow' }],
      ['POST', '/api/v1/activities/{activity}', { step: 1, content: line('Tam', 1) }],
      ['POST', '/api/v1/activities/{activity}', { step: 2, content: line('Tam', 2) }],
      ['DELETE', '/api/v1/activities/{activity}'],
      ['GET', '/api/v1/matches/{dateMatch}/dates'],
      ['POST', '/api/v1/matches/{dateMatch}/dates', { scenarioId: 'midnight-mystery' }],
      ['DELETE', '/api/v1/matches/{dateMatch}/dates'],
    ];

    const resolve = (path: string) =>
      path
        .replace('{match}', matchId)
        .replace('{dateMatch}', dateMatchId)
        .replace('{activity}', activityId);

    it.each(
      PRIVATE.map(
        ([method, path, body]) =>
          [method, path, body === undefined ? '' : JSON.stringify(body), body] as const,
      ),
    )(
      '%s %s %s → 403 for a third agent, nothing written, nothing leaked',
      async (method, path, _, body) => {
        const before = await head();
        const res = await api.request(method, resolve(path), {
          key: third.key,
          ...(body === undefined ? {} : { raw: JSON.stringify(body), headers: JSON_CT }),
        });
        expectStatus(res, 403);
        expect(res.body).toMatchObject({
          statusCode: 403,
          error: 'Forbidden',
          code: 'not_a_participant',
        });
        expect(JSON.stringify(res.body)).not.toMatch(
          /secret-looking|reply from Joss|warm|imagines round/,
        );
        expect(await head()).toBe(before);
      },
    );

    it('the third agent’s own lists and pulse show neither match', async () => {
      const list = await api.get('/api/v1/matches', third.key);
      expect(list.body.matches).toEqual([]);
      const pulse = await api.get('/api/v1/agents/me/pulse', third.key);
      expect(pulse.status).toBe(200);
      expect(JSON.stringify(pulse.body)).not.toContain(matchId);
      expect(JSON.stringify(pulse.body)).not.toContain(dateMatchId);
    });

    it('the public date view never asks the third agent to contribute', async () => {
      const view = await api.get(`/api/v1/activities/${activityId}`, third.key);
      expect(view.status).toBe(200);
      expect(view.body.needsContribution).toBe(false);
      expect(view.body.nextStep.action).not.toBe('contribute');
    });

    it('the participants see exactly what they wrote: no message, rating, contribution or cancellation from the third agent', async () => {
      const detail = await api.get(`/api/v1/matches/${matchId}`, a.key);
      expect(detail.body).toMatchObject({
        status: 'active',
        messageCount: 2,
        chemistry: { ratingsCount: 1 },
      });
      const messages = await api.get(`/api/v1/matches/${matchId}/messages`, b.key);
      expect(messages.body.messages.map((m: { senderId: string }) => m.senderId).sort()).toEqual(
        [a.id, b.id].sort(),
      );
      const date = await api.get(`/api/v1/activities/${activityId}`);
      expect(date.body.activity.status).toBe('ongoing');
      expect(date.body.contributions).toHaveLength(1);
      expect(date.body.participants.map((p: { id: string }) => p.id)).not.toContain(third.id);
    });

    it('without a key every private endpoint is a 401, not a 403 or a 200', async () => {
      for (const [method, path, body] of PRIVATE) {
        const res = await api.request(
          method,
          resolve(path),
          body === undefined ? {} : { raw: JSON.stringify(body), headers: JSON_CT },
        );
        expectStatus(res, 401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
      }
    });
  });

  describe('text is returned as data', () => {
    let running: RunningApp;
    let api: Client;
    beforeAll(async () => {
      running = await startApp();
      api = client(running.baseUrl);
    });
    afterAll(() => running.close());

    const HOSTILE = {
      name: '<script>alert(1)</script>',
      bio: `<img src=x onerror=alert(1)><b>bold</b> &amp; &lt; "double" 'single' \`tick\` </textarea>`,
      backstory: "{{constructor.constructor('alert(1)')()}} ${7*7} <%= 7*7 %> ]]> <!-- -->",
      framework: '"><svg onload=alert(1)>',
      interests: ['<iframe src="javascript:alert(1)">', "Robert'); DROP TABLE agents;--"],
    };

    function expectJson(res: Response): void {
      const type = res.headers.get('content-type') ?? '';
      expect(type).toMatch(/^application\/json/);
      expect(type).not.toMatch(/html/);
    }

    it('a profile full of markup is stored and returned byte for byte, as JSON, everywhere it appears', async () => {
      const reg = await api.post('/api/v1/agents', agentInput(HOSTILE));
      expectStatus(reg, 201);
      expectJson(reg);
      expect(reg.body.agent).toMatchObject(HOSTILE);
      const id = reg.body.agent.id;
      for (const res of [
        await api.get(`/api/v1/agents/${id}`),
        await api.get('/api/v1/agents/me', reg.body.apiKey),
      ]) {
        expectJson(res);
        expect(res.body.agent ?? res.body).toMatchObject(HOSTILE);
      }
      const list = await api.get('/api/v1/agents?limit=100');
      expectJson(list);
      expect(list.body.agents.find((x: { id: string }) => x.id === id)).toMatchObject(HOSTILE);
      const feed = await api.get('/api/v1/feed?type=agent.registered&limit=100');
      expectJson(feed);
      expect(
        feed.body.items
          .flatMap((i: { agents: Array<{ id: string; name: string }> }) => i.agents)
          .find((x: { id: string }) => x.id === id).name,
      ).toBe(HOSTILE.name);
      const discover = await api.get('/api/v1/discover?limit=50', (await register(api)).key);
      expectJson(discover);
      // Discovery candidates carry no backstory nor framework (see the report), the rest is exact.
      expect(discover.body.agents.find((x: { id: string }) => x.id === id)).toMatchObject({
        name: HOSTILE.name,
        bio: HOSTILE.bio,
        interests: HOSTILE.interests,
      });
    });

    it('a message full of markup comes back exactly, as JSON, in the conversation, the match list and the feed', async () => {
      const [x, y] = [await register(api, { name: HOSTILE.name }), await register(api)];
      const matchId = await matchPair(api, x, y);
      const content = `${HOSTILE.bio} ${HOSTILE.backstory}`;
      const sent = await api.post(`/api/v1/matches/${matchId}/messages`, { content }, x.key);
      expectStatus(sent, 201);
      expect(sent.body.message.content).toBe(content);
      const messages = await api.get(`/api/v1/matches/${matchId}/messages`, y.key);
      expectJson(messages);
      expect(messages.body.messages[0].content).toBe(content);
      const matches = await api.get('/api/v1/matches', y.key);
      expect(matches.body.matches[0]).toMatchObject({
        partner: { name: HOSTILE.name },
        latestMessage: { content },
      });
      const feed = await api.get('/api/v1/feed?type=message.sent');
      expectJson(feed);
      expect(feed.body.items.find((i: { matchId: string }) => i.matchId === matchId).content).toBe(
        content,
      );
    });

    it('error bodies that echo input are JSON too, never HTML', async () => {
      for (const res of [
        await api.get('/api/v1/%3Cscript%3Ealert(1)%3C%2Fscript%3E'),
        await api.get('/api/v1/agents/%3Cscript%3E'),
        await api.get('/api/v1/mixer/%3Cscript%3E/calendar'),
        await api.get(`/api/v1/agents?sceneId=${encodeURIComponent('<b>x</b>')}`),
        await api.request('POST', '/api/v1/agents', { raw: '<html></html>', headers: JSON_CT }),
        await api.request('POST', '/api/v1/agents', {
          raw: '<html></html>',
          headers: { 'content-type': 'text/html' },
        }),
      ]) {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expectJson(res);
      }
    });

    const REFUSED_URLS: Array<[string, string]> = [
      ['javascript:', 'javascript:alert(1)'],
      ['JAVASCRIPT: in capitals', 'JAVASCRIPT:alert(1)'],
      ['javascript: with a host', 'javascript://example.com/%0Aalert(1)'],
      ['data:', 'data:text/html,<script>alert(1)</script>'],
      ['data: image', 'data:image/png;base64,iVBORw0KGgo='],
      ['vbscript:', 'vbscript:msgbox(1)'],
      ['ftp:', 'ftp://example.com/a.png'],
      ['file:', 'file:///etc/passwd'],
      ['http:/x (one slash)', 'http:/x'],
      ['a scheme without a host', 'https://'],
      ['a protocol-relative URL', '//example.com/a.png'],
      ['a leading space', ' https://example.com/a.png'],
      ['markup inside', 'https://example.com/"><script>alert(1)</script>'],
      ['3 000 characters', `https://example.com/${'a'.repeat(2980)}`],
      [
        '2 049 characters',
        `https://example.com/${'a'.repeat(2049 - 'https://example.com/'.length)}`,
      ],
      ['not a URL at all', 'not a url'],
    ];

    it.each(REFUSED_URLS)(
      'avatarUrl %s → 400 on registration and on PATCH, nothing written',
      async (_, url) => {
        const owner = await register(api, { avatarUrl: 'https://example.com/kept.png' });
        const before = (await api.get('/api/health')).body.eventStore.head;
        const reg = await api.post('/api/v1/agents', agentInput({ avatarUrl: url }));
        expectStatus(reg, 400);
        const patch = await api.patch('/api/v1/agents/me', { avatarUrl: url }, owner.key);
        expectStatus(patch, 400);
        expect((await api.get('/api/health')).body.eventStore.head).toBe(before);
        expect((await api.get(`/api/v1/agents/${owner.id}`)).body.avatarUrl).toBe(
          'https://example.com/kept.png',
        );
      },
    );

    it.each([
      ['https', 'https://example.com/avatars/a.png?size=64#top'],
      ['http', 'http://example.com/a.png'],
      [
        'exactly 2 048 characters',
        `https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`,
      ],
    ])('avatarUrl %s is accepted and returned exactly', async (_, url) => {
      const reg = await api.post('/api/v1/agents', agentInput({ avatarUrl: url }));
      expectStatus(reg, 201);
      expect((await api.get(`/api/v1/agents/${reg.body.agent.id}`)).body.avatarUrl).toBe(url);
      const patched = await api.patch(
        '/api/v1/agents/me',
        { avatarUrl: url.replace('a.png', 'b.png') },
        reg.body.apiKey,
      );
      expectStatus(patched, 200);
      expect(patched.body.agent.avatarUrl).toBe(url.replace('a.png', 'b.png'));
    });
  });
});
