import {
  applyDecorators,
  CallHandler,
  ExecutionContext,
  Injectable,
  Logger,
  NestInterceptor,
  OnModuleInit,
  SetMetadata,
} from '@nestjs/common';
import { HttpAdapterHost, Reflector } from '@nestjs/core';
import { ApiExtension } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { from, mergeMap, Observable, of } from 'rxjs';
import { runInCommandScope } from '../event-sourcing/command-ids';
import type { StoredResponse } from './domain/idempotent-request';
import {
  IdempotencyClaim,
  IdempotentRequests,
  parseIdempotencyKey,
  requestFingerprint,
} from './idempotent-requests';

const WRITES = new Set(['POST', 'PATCH', 'DELETE']);
const EXEMPT = 'idempotency:exempt';

/**
 * For a write whose answer holds a secret that is stored only as a hash (an owner link's secret):
 * the answer cannot be kept for a replay, so the Idempotency-Key header is ignored there.
 */
export const NoIdempotencyKey = () =>
  applyDecorators(SetMetadata(EXEMPT, true), ApiExtension(NO_IDEMPOTENCY_KEY_EXTENSION, true));

/** Marks the exempt operations in the OpenAPI document, which documents the header everywhere else. */
export const NO_IDEMPOTENCY_KEY_EXTENSION = 'x-no-idempotency-key';

type Marked = FastifyRequest & {
  agent?: { id: string };
  idempotency?: { claim: IdempotencyClaim } | { replay: StoredResponse };
};

/**
 * The Idempotency-Key header on every authenticated write under /api/v1 (docs/idempotency.md).
 * The interceptor runs after the guards (the agent is known): it claims the key, or answers with
 * the stored response, or refuses (400/409/422). The claimed request's command ids are derived
 * from the key. The answer is recorded in Fastify's `onSend` hook, where the status and the body
 * are final and are exactly the bytes sent; a replay is sent from there too, byte for byte.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor, OnModuleInit {
  private readonly logger = new Logger('Idempotency');

  constructor(
    private readonly requests: IdempotentRequests,
    private readonly reflector: Reflector,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    // A callback hook: an async one would cost every response a promise.
    fastify?.addHook('onSend', (request: Marked, reply, payload, done) => {
      const marked = request.idempotency;
      if (!marked) return done(null, payload);
      if ('replay' in marked) {
        void reply
          .code(marked.replay.status)
          .header('content-type', marked.replay.contentType)
          .header('Idempotent-Replayed', 'true');
        return done(null, marked.replay.payload);
      }
      request.idempotency = undefined;
      this.requests
        .finish(marked.claim, stored(reply, payload))
        .catch((error: unknown) =>
          // The key stays claimed until its lease runs out; the answer itself is still sent.
          this.logger.error(
            `could not record the answer: ${error instanceof Error ? error.message : String(error)}`,
          ),
        )
        .finally(() => done(null, payload));
    });
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Marked>();
    const header = request.headers['idempotency-key'];
    if (
      header === undefined ||
      !WRITES.has(request.method) ||
      !request.url.startsWith('/api/v1/') ||
      !request.agent ||
      this.reflector.getAllAndOverride<boolean>(EXEMPT, [context.getHandler(), context.getClass()])
    )
      return next.handle();
    const key = parseIdempotencyKey(header);
    const agentId = request.agent.id;
    const fingerprint = requestFingerprint(request.method, request.url, request.body);
    return from(
      this.requests.begin(agentId, key, { method: request.method, path: request.url, fingerprint }),
    ).pipe(
      mergeMap((begun) => {
        if ('replay' in begun) {
          request.idempotency = { replay: begun.replay };
          return of(begun.replay.payload);
        }
        request.idempotency = { claim: begun.claim };
        return new Observable<unknown>((subscriber) =>
          runInCommandScope(begun.claim.scope, () => next.handle().subscribe(subscriber)),
        );
      }),
    );
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
