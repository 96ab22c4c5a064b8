import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RequestMethod } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
import type { AppConfig } from '../config/config';
import { UNUSED_REQUEST_BINDING } from './unused-request-binding';

/**
 * Structured logs through nestjs-pino (pino-http underneath): one line per request with its method,
 * route, status, duration, request id (also sent back as `X-Request-Id`) and the agent id when the
 * request carried a valid key; every Nest log line written while a request is handled carries its
 * request id too.
 *
 * Nothing a client sends is copied into a line: not the headers (the API key, the owner cookie),
 * not the body (owner secrets), not even the path, because a mistyped request can carry a key in it
 * (`GET /api/v1/agents/<key>`). The line names the route pattern (`/api/v1/agents/:id`) instead, and
 * the redaction list below is a second guard for any other log call that passes such a field.
 */

const ROUTE = Symbol('companion.route');
const AGENT = Symbol('companion.agent');
type Tagged = IncomingMessage & { [ROUTE]?: string; [AGENT]?: string };

/**
 * The request id is Fastify's (`genReqId` in apps/api/src/bootstrap.ts, sent back as `X-Request-Id`);
 * pino-http takes it from the request. One a client sent is not taken, since it could carry anything.
 */
export const newRequestId = (): string => randomUUID();

/** Called once the router has matched: the route pattern, never the path that was sent. */
export function noteRoute(raw: IncomingMessage, route: string | undefined): void {
  (raw as Tagged)[ROUTE] = route;
}

/** Called by the key guard: the agent a request was authenticated as. */
export function noteAgent(raw: IncomingMessage, agentId: string): void {
  (raw as Tagged)[AGENT] = agentId;
}

export const REDACTED_LOG_PATHS = [
  'authorization',
  'cookie',
  'apiKey',
  'secret',
  '*.authorization',
  '*.cookie',
  '*.apiKey',
  '*.secret',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

function requestLine(req: IncomingMessage, res: ServerResponse, durationMs: number) {
  const r = req as Tagged;
  return {
    method: req.method,
    route: r[ROUTE] ?? null,
    status: res.statusCode,
    durationMs,
    ...(r[AGENT] !== undefined ? { agentId: r[AGENT] } : {}),
  };
}

/** The LoggerModule's options: `LOG_LEVEL`, and JSON lines (`LOG_FORMAT=json`) or readable ones. */
export function loggerParams(config: Pick<AppConfig, 'logLevel' | 'logFormat'>): Params {
  const options = {
    level: config.logLevel,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    customAttributeKeys: { reqId: 'requestId' },
    // The request's loggers carry only its id; the request line is built by `requestLine`.
    quietReqLogger: true,
    quietResLogger: true,
    serializers: UNUSED_REQUEST_BINDING,
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, error?: Error) =>
      error || res.statusCode >= 500 ? ('error' as const) : ('info' as const),
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request failed',
    customSuccessObject: (
      req: IncomingMessage,
      res: ServerResponse,
      val: { responseTime: number },
    ) => requestLine(req, res, val.responseTime),
    customErrorObject: (
      req: IncomingMessage,
      res: ServerResponse,
      _error: Error,
      val: { responseTime: number },
    ) => requestLine(req, res, val.responseTime),
  };
  // Every route, the ones outside the global prefix (health, the owner page) included. A path that
  // is neither a route nor under /api/v1 gets its 404 without a line.
  const forRoutes = [{ path: '{*path}', method: RequestMethod.ALL }];
  if (config.logFormat === 'json') return { pinoHttp: options, forRoutes };
  // pino-pretty is loaded by pino in a worker thread, and only in this mode.
  const transport = {
    target: 'pino-pretty',
    options: { singleLine: true, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss.l' },
  };
  return { forRoutes, pinoHttp: { ...options, transport } };
}
