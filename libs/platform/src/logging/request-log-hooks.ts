import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import { isLoggedPath, requestLine } from './request-logging';

/** Installs the request logging below on the application's Fastify instance. */
@Injectable()
export class RequestLogging implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (fastify)
      installRequestLogging(
        fastify,
        () => PinoLogger.root,
        (request) => isLoggedPath(request.url),
      );
  }
}

const REPLY = Symbol('companion.reply');
type WithReply = FastifyRequest & { [REPLY]?: FastifyReply };

/**
 * The request line, from Fastify hooks instead of pino-http's middleware (which ran through
 * @fastify/middie and made two child loggers per request, one of them bound to the whole request:
 * 11 % of the pulse's CPU samples, and the request logging 17.5 % in all;
 * docs/pulse-and-rebuild-cost.md, docs/http-pipeline-cost.md).
 *
 * - `onResponse` writes the one line per request (`requestLine`'s fields, the request id, the same
 *   level rule as before: `error` and "request failed" from status 500 on, else `info` and
 *   "request"); `onRequestAbort` writes it for a request whose client went away before the answer,
 *   as pino-http did on the socket's close.
 * - No async context per request: nestjs-pino's (its `storage`, which PinoLogger reads to put the
 *   request's id on Nest's lines) is an AsyncLocalStorage, and on Node 20 one entered per request
 *   runs async_hooks' promise hooks for every promise of the process: a pulse cost 280 µs of CPU
 *   with it and 215 without, the Nest floor 136 and 100 (docs/http-pipeline-cost.md, section 5).
 *   The lines that need the request's id take it from the request: the request line here, a
 *   5xx's in `HttpErrorFilter`.
 * - The line goes through a child of the root logger without the redaction list: `requestLine`
 *   builds it from fixed fields, none of them anything a client sent, and pino runs the list's
 *   wildcard paths (`*.authorization`) over every field of every line, parsing each path every
 *   time (@pinojs/redact 0.4): the request logging cost 11.4–12.1 µs of CPU a request with it and
 *   4.4–5.3 without (`node bench/request-logging-cost.js 300000`, docs/logging.md). Every other
 *   line keeps it.
 *
 * `root` is read per request: nestjs-pino sets `PinoLogger.root` when the app initialises; the
 * child is made once for each root.
 */
export function installRequestLogging(
  fastify: FastifyInstance,
  root: () => Logger,
  logged: (request: FastifyRequest) => boolean,
): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    (request as WithReply)[REPLY] = reply;
    done();
  });
  let lines: { of: Logger; log: Logger } | undefined;
  const lineLogger = (): Logger => {
    const of = root();
    if (lines?.of !== of) lines = { of, log: of.child({}, { redact: [] }) };
    return lines.log;
  };
  const write = (request: FastifyRequest, reply: FastifyReply): void => {
    if (!logged(request)) return;
    const log = lineLogger();
    const failed = reply.statusCode >= 500;
    const level = failed ? 'error' : 'info';
    if (!log.isLevelEnabled(level)) return;
    log[level](
      {
        requestId: request.id,
        ...requestLine(request.raw, reply.raw, Math.round(reply.elapsedTime)),
      },
      failed ? 'request failed' : 'request',
    );
  };
  fastify.addHook('onResponse', (request, reply, done) => {
    write(request, reply);
    done();
  });
  fastify.addHook('onRequestAbort', (request, done) => {
    const reply = (request as WithReply)[REPLY];
    if (reply) write(request, reply);
    done();
  });
}
