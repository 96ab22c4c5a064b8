import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { storage } from 'nestjs-pino/storage';
import pino, { type Logger } from 'pino';
import { installRequestLogging } from '../src/logging/request-log-hooks';
import { isLoggedPath, loggerOptions, noteAgent, noteRoute } from '../src/logging/request-logging';

/** The request logging with the service's own options, on a real Fastify instance. */
describe('request logging', () => {
  const KEY = 'companion_sk_RxJ2jAQ-NIC03_6JT-cio-jLWOAQ4zF3rd4R0OekTzA';
  const options = loggerOptions({ logLevel: 'info' });
  let lines: string[];
  let root: Logger;
  let app: FastifyInstance;
  let inHandler: unknown;

  async function start(level = 'info'): Promise<void> {
    lines = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    root = pino({ ...options, level }, sink);
    app = Fastify({ genReqId: () => 'r1' });
    app.addHook('onRequest', (request, _reply, done) => {
      noteRoute(request.raw, request.routeOptions.url);
      done();
    });
    installRequestLogging(
      app,
      () => root,
      (request) => isLoggedPath(request.url),
    );
    app.get('/api/v1/agents/me/pulse', (request) => {
      noteAgent(request.raw, 'a1');
      return { ok: true };
    });
    app.get('/api/v1/agents/:id', (request) => {
      // nestjs-pino's PinoLogger writes to the store's logger when a request has one.
      inHandler = storage.getStore();
      root.warn({ authorization: `Bearer ${KEY}` }, 'inside');
      return { id: (request.params as { id: string }).id };
    });
    app.get('/api/v1/broken', () => Promise.reject(new Error('boom')));
    app.get('/llms.txt', () => 'text');
    await app.ready();
  }
  afterEach(() => app.close());
  const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

  it('writes one line per request: method, route, status, duration, request id and agent, no header', async () => {
    await start();
    const res = await app.inject({
      url: `/api/v1/agents/me/pulse?key=${KEY}`,
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(res.statusCode).toBe(200);
    expect(parsed()).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'GET',
        route: '/api/v1/agents/me/pulse',
        status: 200,
        requestId: 'r1',
        agentId: 'a1',
        msg: 'request',
        durationMs: expect.any(Number),
      }),
    ]);
    expect(lines.join('')).not.toContain(KEY);
  });

  it('a 5xx is an error line, "request failed"; a path outside the API has no line', async () => {
    await start();
    expect((await app.inject({ url: '/api/v1/broken' })).statusCode).toBe(500);
    expect((await app.inject({ url: '/llms.txt' })).statusCode).toBe(200);
    expect(parsed()).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'request failed',
        status: 500,
        route: '/api/v1/broken',
      }),
    ]);
  });

  it('LOG_LEVEL=warn keeps the request lines out', async () => {
    await start('warn');
    await app.inject({ url: '/api/v1/agents/me/pulse' });
    expect(lines).toEqual([]);
  });

  it('runs no request in an async context and makes no child logger; a key in any other line is redacted', async () => {
    await start();
    const child = jest.spyOn(root, 'child');
    inHandler = 'not called';
    await app.inject({ url: '/api/v1/agents/me/pulse' });
    await app.inject({ url: `/api/v1/agents/${KEY}` });
    // An AsyncLocalStorage entered per request costs every promise of the process (request-log-hooks.ts).
    expect(inHandler).toBeUndefined();
    // pino-http's middleware made two per request (one bound to the whole request); the request
    // line is written as JSON on the root's stream (json-line.ts).
    expect(child).not.toHaveBeenCalled();
    const inside = parsed().find((l) => l.msg === 'inside');
    expect(inside).toMatchObject({ level: 40, authorization: '[redacted]' });
    expect(parsed().filter((l) => l.msg === 'request')).toHaveLength(2);
    expect(lines.join('')).not.toContain(KEY);
  });

  it('the logged paths: the API, health and the owner pages; not the site or a stray path', () => {
    for (const url of ['/api/v1/agents', '/api/v1/x?y=1', '/api/health', '/owner', '/owner/api/x'])
      expect([url, isLoggedPath(url)]).toEqual([url, true]);
    for (const url of ['/', '/llms.txt', '/nonexistent', '/ownerx', '/api/v1', '/docs'])
      expect([url, isLoggedPath(url)]).toEqual([url, false]);
  });
});
