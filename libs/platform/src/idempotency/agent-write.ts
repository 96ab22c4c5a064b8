import { applyDecorators, CanActivate, Type, UseGuards, UseInterceptors } from '@nestjs/common';
import { AgentAuthGuard } from '../auth/agent-auth.guard';
import { ApiAgentKey } from '../http/openapi';
import { IdempotencyInterceptor } from './idempotency.interceptor';

/**
 * An agent's write: the key is required (documented with its 401), the agent is authenticated
 * (then `guards`, e.g. the rate limit), and the Idempotency-Key header is honoured
 * (docs/idempotency.md).
 *
 * The interceptor is attached here, to the writes, instead of globally: Nest runs its interceptor
 * chain (rxjs, `AsyncResource.bind`, Node 20's `util.deprecate` wrappers) for every route once a
 * global interceptor exists, and that chain was 5–8 % of the pulse's CPU samples
 * (docs/pulse-and-rebuild-cost.md, docs/http-pipeline-cost.md). A route without an interceptor
 * skips it altogether. `test/idempotency-routes.e2e.spec.ts` walks the OpenAPI document and
 * fails for a documented write that does not honour the header.
 */
export function AgentWrite(...guards: Type<CanActivate>[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiAgentKey(),
    UseGuards(AgentAuthGuard, ...guards),
    UseInterceptors(IdempotencyInterceptor),
  );
}
