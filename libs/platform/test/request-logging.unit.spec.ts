import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import pinoHttp, { type Options } from 'pino-http';
import { loggerParams, noteAgent, noteRoute } from '../src/logging/request-logging';

/** The request logging with the service's own options, on pino-http itself. */
describe('request logging', () => {
  const KEY = 'companion_sk_RxJ2jAQ-NIC03_6JT-cio-jLWOAQ4zF3rd4R0OekTzA';
  const { pinoHttp: options } = loggerParams({ logLevel: 'info', logFormat: 'json' });

  function run() {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const middleware = pinoHttp(options as Options, sink);
    const req = Object.assign(new EventEmitter(), {
      id: 'r1',
      method: 'GET',
      url: `/api/v1/agents/me/pulse?key=${KEY}`,
      headers: { authorization: `Bearer ${KEY}`, host: 'localhost' },
    }) as unknown as IncomingMessage;
    const res = Object.assign(new EventEmitter(), {
      statusCode: 200,
      getHeaders: () => ({}),
    }) as unknown as ServerResponse;
    middleware(req, res, () => undefined);
    noteRoute(req, '/api/v1/agents/me/pulse');
    noteAgent(req, 'a1');
    return { lines, req, res, middleware };
  }

  it('writes one line per request: method, route, status, duration, request id and agent, no header', () => {
    const { lines, res } = run();
    res.emit('finish');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(line).toMatchObject({
      method: 'GET',
      route: '/api/v1/agents/me/pulse',
      status: 200,
      requestId: 'r1',
      agentId: 'a1',
      msg: 'request',
    });
    expect(typeof line.durationMs).toBe('number');
    expect(lines[0]).not.toContain(KEY);
  });

  it('binds no serialised request to the loggers it makes per request', () => {
    const { middleware, req } = run();
    // The per-request child pino-http makes (`log.child({ req })`) carries no request fields.
    const child = middleware.logger.child({ req });
    expect(child.bindings()).toEqual({});
    expect(JSON.stringify(req.log.bindings())).not.toContain(KEY);
  });
});
