import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedAgent } from '../auth/agent-auth.guard';
import { ApiErrors } from '../http/openapi';
import { RateLimiter, RateLimitName } from './rate-limiter';

const RATE_LIMIT = 'companion:rate-limit';

/**
 * `@RateLimit('swipe')` on a route: counted per authenticated agent, or per client IP when the
 * route has no agent (registration). List it after the auth guard in `@UseGuards`.
 */
/** Limits the operation by `name`; the OpenAPI document lists its 429. */
export const RateLimit = (name: RateLimitName) =>
  applyDecorators(SetMetadata(RATE_LIMIT, name), ApiErrors(429));

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const name = this.reflector.getAllAndOverride<RateLimitName | undefined>(RATE_LIMIT, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!name) return true;
    const request = context
      .switchToHttp()
      .getRequest<FastifyRequest & { agent?: AuthenticatedAgent }>();
    await this.limiter.consume(
      name,
      request.agent ? `agent:${request.agent.id}` : `ip:${request.ip}`,
    );
    return true;
  }
}
