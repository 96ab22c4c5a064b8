import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { AppConfig } from '../config/config';
import { jsonNumber, jsonString } from './json-line';
import { logDestination } from './log-destination';

/**
 * Structured logs through pino (nestjs-pino for Nest's logger, request-log-hooks.ts for the request
 * line): one line per request with its method, route, status, duration, request id (also sent back
 * as `X-Request-Id`) and the agent id when the request carried a valid key; every Nest log line
 * written while a request is handled carries its request id too.
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
 * the request line and the request's logger take it from the request. One a client sent is not
 * taken, since it could carry anything.
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

/**
 * The request line's fields as JSON members (json-line.ts): the request id, method, route pattern
 * (null when no route matched), status, duration and, when the request carried a valid key, the
 * agent.
 */
export function requestLineJson(
  requestId: string,
  req: IncomingMessage,
  res: ServerResponse,
  durationMs: number,
): string {
  const r = req as Tagged;
  const route = r[ROUTE];
  const agent = r[AGENT];
  return (
    `,"requestId":${jsonString(requestId)}` +
    (req.method === undefined ? '' : `,"method":${jsonString(req.method)}`) +
    `,"route":${route === undefined ? 'null' : jsonString(route)}` +
    `,"status":${jsonNumber(res.statusCode)},"durationMs":${jsonNumber(durationMs)}` +
    (agent === undefined ? '' : `,"agentId":${jsonString(agent)}`)
  );
}

/**
 * The requests that have a line: every path under the API's prefix (a 404 there included), and the
 * routes outside it, health and the owner's page and session endpoints. The site's pages,
 * `/llms.txt` and a path that is no route have none.
 */
export function isLoggedPath(url: string): boolean {
  return LOGGED_PATH.test(url);
}
const LOGGED_PATH = /^\/(?:api\/v1\/|api\/health(?:[/?]|$)|owner(?:[/?]|$))/;

/** pino's options for the service's logger: `LOG_LEVEL` and the redaction list. */
export function loggerOptions(config: Pick<AppConfig, 'logLevel'>) {
  return { level: config.logLevel, redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' } };
}

/**
 * The LoggerModule's options: JSON lines on standard output (`LOG_FORMAT=json`, through
 * log-destination.ts) or readable ones.
 */
export function loggerParams(config: Pick<AppConfig, 'logLevel' | 'logFormat'>): Params {
  const options = loggerOptions(config);
  // No middleware: the request line and the request's logger come from Fastify hooks
  // (request-log-hooks.ts); nestjs-pino keeps Nest's logger and the root logger they write to.
  const forRoutes: Params['forRoutes'] = [];
  if (config.logFormat === 'json') return { pinoHttp: [options, logDestination()], forRoutes };
  // pino-pretty is loaded by pino in a worker thread, and only in this mode.
  const transport = {
    target: 'pino-pretty',
    options: { singleLine: true, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss.l' },
  };
  return { forRoutes, pinoHttp: { ...options, transport } };
}
