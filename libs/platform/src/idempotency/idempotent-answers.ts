import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { StoredResponse } from './domain/idempotent-request';
import type { IdempotencyMarked } from './idempotency.guard';
import { IdempotentRequests } from './idempotent-requests';

/**
 * The other half of `IdempotencyGuard`: in Fastify's `onSend` hook, where the status and the body
 * are final and are exactly the bytes sent, it records a claimed request's answer. One instance for
 * the application (the guard is instantiated once per module that uses `@AgentWrite()`, so the hook
 * cannot live there).
 */
@Injectable()
export class IdempotentAnswers implements OnModuleInit {
  private readonly logger = new Logger('Idempotency');

  constructor(
    private readonly requests: IdempotentRequests,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    // A callback hook: an async one would cost every response a promise.
    fastify?.addHook('onSend', (request: IdempotencyMarked, reply, payload, done) => {
      const claim = request.idempotencyClaim;
      if (!claim) return done(null, payload);
      request.idempotencyClaim = undefined;
      this.requests
        .finish(claim, stored(reply, payload))
        .catch((error: unknown) =>
          // The key stays claimed until its lease runs out; the answer itself is still sent.
          this.logger.error(
            `could not record the answer: ${error instanceof Error ? error.message : String(error)}`,
          ),
        )
        .finally(() => done(null, payload));
    });
  }
}

function stored(reply: FastifyReply, payload: unknown): StoredResponse | null {
  if (typeof payload !== 'string') return null; // a stream or a buffer: not kept for a replay
  return {
    status: reply.statusCode,
    contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
    payload,
  };
}
