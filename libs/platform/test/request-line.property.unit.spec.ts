import type { IncomingMessage, ServerResponse } from 'node:http';
import fc from 'fast-check';
import pino, { type Level } from 'pino';
import { writeJsonLine } from '../src/logging/json-line';
import {
  loggerOptions,
  noteAgent,
  noteRoute,
  requestLineJson,
} from '../src/logging/request-logging';

/**
 * The request line written as JSON by hand (json-line.ts) is the line pino writes for the same
 * fields, under the service's own options: the same text but for the time, which is taken twice.
 */
describe('the request line as JSON', () => {
  function loggerInto(out: string[], level: Level) {
    return pino(
      { ...loggerOptions({ logLevel: 'info' }), level },
      {
        write: (line: string) => void out.push(line),
      },
    );
  }
  const withoutTime = (line: string) => line.replace(/,"time":\d+/, ',"time":0');

  const text = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.constantFrom('"', '\\', '\n', '\u0000', '\u2028', '\ud800', 'a\udfffb', 'é’😀', '</script>'),
  );
  const request = fc.record({
    requestId: text,
    method: fc.option(text, { nil: undefined }),
    route: fc.option(text, { nil: undefined }),
    agentId: fc.option(text, { nil: undefined }),
    status: fc.integer({ min: 100, max: 599 }),
    durationMs: fc.oneof(fc.nat(), fc.double(), fc.constantFrom(Infinity, NaN)),
    failed: fc.boolean(),
  });

  it('is pino’s line for the same fields, byte for byte but the time', () => {
    fc.assert(
      fc.property(request, (r) => {
        const raw = { method: r.method } as IncomingMessage;
        noteRoute(raw, r.route);
        if (r.agentId !== undefined) noteAgent(raw, r.agentId);
        const res = { statusCode: r.status } as ServerResponse;
        const level: Level = r.failed ? 'error' : 'info';
        const msg = r.failed ? 'request failed' : 'request';

        const byPino: string[] = [];
        const pinoLogger = loggerInto(byPino, 'info');
        pinoLogger[level](
          {
            requestId: r.requestId,
            method: r.method,
            route: r.route ?? null,
            status: r.status,
            durationMs: r.durationMs,
            ...(r.agentId !== undefined ? { agentId: r.agentId } : {}),
          },
          msg,
        );
        const byHand: string[] = [];
        writeJsonLine(
          loggerInto(byHand, 'info'),
          level,
          requestLineJson(r.requestId, raw, res, r.durationMs),
          msg,
        );

        expect(byHand.map(withoutTime)).toEqual(byPino.map(withoutTime));
        expect(JSON.parse(byHand[0])).toMatchObject({ level: r.failed ? 50 : 30, msg });
      }),
      { numRuns: 2000 },
    );
  });

  it('carries the logger’s bindings, as pino’s lines do', () => {
    const out: string[] = [];
    const logger = loggerInto(out, 'info').child({ instance: 'api-2' });
    const raw = { method: 'GET' } as IncomingMessage;
    noteRoute(raw, '/api/v1/agents/me');
    writeJsonLine(
      logger,
      'info',
      requestLineJson('r1', raw, { statusCode: 200 } as ServerResponse, 3),
      'request',
    );
    expect(JSON.parse(out[0])).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      instance: 'api-2',
      requestId: 'r1',
      method: 'GET',
      route: '/api/v1/agents/me',
      status: 200,
      durationMs: 3,
      msg: 'request',
    });
  });
});
