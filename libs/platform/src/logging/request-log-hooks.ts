import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import { writeJsonLine } from './json-line';
import { isLoggedPath, requestLineJson } from './request-logging';

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
 * - `onResponse` writes the one line per request (`requestLineJson`'s fields, the same
 *   level rule as before: `error` and "request failed" from status 500 on, else `info` and
 *   "request"); `onRequestAbort` writes it for a request whose client went away before the answer,
 *   as pino-http did on the socket's close.
 * - No async context per request: nestjs-pino's (its `storage`, which PinoLogger reads to put the
 *   request's id on Nest's lines) is an AsyncLocalStorage, and on Node 20 one entered per request
 *   runs async_hooks' promise hooks for every promise of the process: a pulse cost 280 µs of CPU
 *   with it and 215 without, the Nest floor 136 and 100 (docs/http-pipeline-cost.md, section 5).
 *   The lines that need the request's id take it from the request: the request line here, a
 *   5xx's in `HttpErrorFilter`.
 * - The line is written without pino's serialisation (json-line.ts): `requestLineJson` writes its
 *   fixed fields, none of them anything a client sent, as JSON, so neither the redaction list
 *   (@pinojs/redact 0.4 runs its wildcard paths over every field of every line, parsing each path
 *   every time: 11.4–12.1 µs of CPU a request with it, 4.4–5.3 without) nor pino's per-field
 *   serialisation (12 000 instructions of the line's 20 700) runs for it. Every other line goes
 *   through pino and keeps the list (docs/logging.md).
 *
 * `root` is read per request: nestjs-pino sets `PinoLogger.root` when the app initialises.
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
  const write = (request: FastifyRequest, reply: FastifyReply): void => {
    if (!logged(request)) return;
    const log = root();
    const failed = reply.statusCode >= 500;
    const level = failed ? 'error' : 'info';
    if (!log.isLevelEnabled(level)) return;
    const fields = requestLineJson(
      request.id,
      request.raw,
      reply.raw,
      Math.round(reply.elapsedTime),
    );
    writeJsonLine(log, level, fields, failed ? 'request failed' : 'request');
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
