import { applyDecorators, CanActivate, Type, UseGuards } from '@nestjs/common';
import { AgentAuthGuard } from '../auth/agent-auth.guard';
import { ApiAgentKey } from '../http/openapi';
import { IdempotencyGuard } from './idempotency.guard';

/**
 * An agent's write: the key is required (documented with its 401), the agent is authenticated
 * (then `guards`, e.g. the rate limit), and the Idempotency-Key header is honoured by the last
 * guard (docs/idempotency.md).
 *
 * Neither this nor anything global attaches an interceptor: Nest runs its interceptor chain (rxjs,
 * `AsyncResource.bind`, Node 20's `util.deprecate` wrappers) for every route that has one, and that
 * chain was 5–8 % of the pulse's CPU samples when the idempotency interceptor was global, and 6 %
 * of a swipe's main thread when it was on the writes (docs/http-pipeline-cost.md).
 * `test/idempotency-routes.e2e.spec.ts` walks the OpenAPI document and fails for a documented
 * write that does not honour the header, and for a route with an interceptor other than the
 * owner's.
 */
export function AgentWrite(...guards: Type<CanActivate>[]): MethodDecorator & ClassDecorator {
  return applyDecorators(ApiAgentKey(), UseGuards(AgentAuthGuard, ...guards, IdempotencyGuard));
}
