import {
  CallHandler,
  createParamDecorator,
  ExecutionContext,
  Injectable,
  NestInterceptor,
} from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { from, mergeMap, Observable, of } from 'rxjs';
import type { CommandScope } from '../event-sourcing/command-ids';
import type { StoredResponse } from './domain/idempotent-request';
import {
  IdempotencyClaim,
  IdempotentRequests,
  parseIdempotencyKey,
  requestFingerprint,
} from './idempotent-requests';

/**
 * For a write whose answer holds a secret that is stored only as a hash (an owner link's secret):
 * the answer cannot be kept for a replay, so the route has no `@AgentWrite()` and this marks it
 * exempt in the OpenAPI document (`test/idempotency-routes.e2e.spec.ts` checks it ignores the header).
 */
export const NoIdempotencyKey = () => ApiExtension(NO_IDEMPOTENCY_KEY_EXTENSION, true);

/** Marks the exempt operations in the OpenAPI document, which documents the header everywhere else. */
export const NO_IDEMPOTENCY_KEY_EXTENSION = 'x-no-idempotency-key';

export type IdempotencyMarked = FastifyRequest & {
  agent?: { id: string };
  idempotency?: { claim: IdempotencyClaim } | { replay: StoredResponse };
};

/**
 * The command scope of a write sent with an Idempotency-Key, for its route to hand to its commands
 * (`CommandContext.scope`), or undefined without a key. Nest resolves a route's parameters after
 * its interceptors have run, so the claim is there by then.
 */
export const IdempotencyScope = createParamDecorator(
  (_: unknown, context: ExecutionContext): CommandScope | undefined => {
    const marked = context.switchToHttp().getRequest<IdempotencyMarked>().idempotency;
    return marked && 'claim' in marked ? marked.claim.scope : undefined;
  },
);

/**
 * The Idempotency-Key header on an authenticated write under /api/v1 (docs/idempotency.md),
 * attached by `@AgentWrite()`. The interceptor runs after the guards (the agent is known): it
 * claims the key, or answers with the stored response, or refuses (400/409/422). The claimed
 * request's route hands its scope (`@IdempotencyScope()`) to its commands, whose ids are then
 * derived from the key. The answer is recorded, or a replay sent, by
 * `IdempotentAnswers` in Fastify's `onSend` hook.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly requests: IdempotentRequests) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<IdempotencyMarked>();
    const header = request.headers['idempotency-key'];
    // Only writes carry it (`@AgentWrite()`), after the key guard: the agent is known.
    if (header === undefined || !request.agent) return next.handle();
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
        return next.handle();
      }),
    );
  }
}
