import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
  /** The key this request claimed; `IdempotentAnswers` records the answer under it. */
  idempotencyClaim?: IdempotencyClaim;
};

/**
 * The command scope of a write sent with an Idempotency-Key, for its route to hand to its commands
 * (`CommandContext.scope`), or undefined without a key. Nest resolves a route's parameters after
 * its guards have run, so the claim is there by then.
 */
export const IdempotencyScope = createParamDecorator(
  (_: unknown, context: ExecutionContext): CommandScope | undefined =>
    context.switchToHttp().getRequest<IdempotencyMarked>().idempotencyClaim?.scope,
);

/**
 * Thrown by `IdempotencyGuard` to answer a retry with the answer recorded for its key: a guard has
 * no other way to keep the route from running. `HttpErrorFilter` sends it as stored, byte for byte.
 */
export class IdempotentReplay extends Error {
  constructor(private readonly answer: StoredResponse) {
    super('answered from the Idempotency-Key record');
  }

  send(reply: FastifyReply): void {
    void reply
      .code(this.answer.status)
      .header('content-type', this.answer.contentType)
      .header('Idempotent-Replayed', 'true')
      .send(this.answer.payload);
  }
}

/**
 * The Idempotency-Key header on an authenticated write under /api/v1 (docs/idempotency.md): the
 * last guard `@AgentWrite()` attaches, so the agent is known. It claims the key, or answers with
 * the stored response (`IdempotentReplay`), or refuses (400/409/422). The claimed request's route
 * hands its scope (`@IdempotencyScope()`) to its commands, whose ids are then derived from the
 * key; `IdempotentAnswers` records the answer in Fastify's `onSend` hook.
 *
 * A guard, not an interceptor: a route with an interceptor runs Nest's interceptor chain (rxjs,
 * two `AsyncResource.bind` a request, each making two `util.deprecate` wrappers on Node 20), which
 * was 6 % of a swipe's main thread with no key sent (docs/http-pipeline-cost.md, section 6).
 */
@Injectable()
export class IdempotencyGuard implements CanActivate {
  constructor(private readonly requests: IdempotentRequests) {}

  canActivate(context: ExecutionContext): true | Promise<true> {
    const request = context.switchToHttp().getRequest<IdempotencyMarked>();
    const header = request.headers['idempotency-key'];
    // Synchronous without a key: Nest awaits only a guard's promise.
    if (header === undefined || !request.agent) return true;
    return this.claim(request, request.agent.id, header);
  }

  private async claim(
    request: IdempotencyMarked,
    agentId: string,
    header: string | string[],
  ): Promise<true> {
    const key = parseIdempotencyKey(header);
    const fingerprint = requestFingerprint(request.method, request.url, request.body);
    const begun = await this.requests.begin(agentId, key, {
      method: request.method,
      path: request.url,
      fingerprint,
    });
    if ('replay' in begun) throw new IdempotentReplay(begun.replay);
    request.idempotencyClaim = begun.claim;
    return true;
  }
}
