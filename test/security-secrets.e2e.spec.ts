import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Client, client, matchPair, register, RunningApp, startApp } from './support/app';
import { JSON_CT } from './support/http';
import { kill, startService } from './support/process';

/**
 * Security checks (issue "Security checks"), secrets: API keys are only hashed at rest, and keys and
 * session cookies never reach the process's output.
 */
type Agent = Awaited<ReturnType<typeof register>>;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

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
      // A rotation sent with an Idempotency-Key: its answer, the new key, is not kept for a replay.
      const rotating = await register(api, { name: 'Mara' });
      const rotated = await api.request('POST', '/api/v1/agents/me/api-key', {
        key: rotating.key,
        headers: { 'idempotency-key': 'rotate-once' },
      });
      expect(rotated.status).toBe(201);
      agents.push({ ...rotating, key: rotated.body.apiKey });
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
});
