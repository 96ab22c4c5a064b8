import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  ForbiddenException,
  Injectable,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { invalidOwnerSession } from '@companion/agents/domain';
import { OpenOwnerSession, OwnerAccessQueries } from '../application/owner-access.queries';
import { OWNER_COOKIE, readCookie } from './owner-cookie';

export const OWNER_HEADER = 'x-companion-owner';

type OwnerRequest = FastifyRequest & { ownerSession?: OpenOwnerSession };

/**
 * Every state-changing /owner request must carry `X-Companion-Owner: 1`. A cross-site form cannot
 * set a header, and a cross-site fetch with one needs a CORS preflight this service never grants:
 * a second line of defence beside SameSite=Strict.
 */
@Injectable()
export class OwnerHeaderGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.switchToHttp().getRequest<FastifyRequest>().headers[OWNER_HEADER] === '1')
      return true;
    throw new ForbiddenException({
      message: 'owner requests must carry the header "X-Companion-Owner: 1"',
      code: 'owner_header_required',
    });
  }
}

/** The owner's session from its cookie: 401 when it is missing, forged, revoked, expired, or its agent is deleted. */
@Injectable()
export class OwnerSessionGuard implements CanActivate {
  constructor(private readonly queries: OwnerAccessQueries) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<OwnerRequest>();
    const session = await this.queries.openSessionOf(
      readCookie(request.headers.cookie, OWNER_COOKIE),
    );
    if (!session) throw invalidOwnerSession();
    request.ownerSession = session;
    return true;
  }
}

export const CurrentOwnerSession = createParamDecorator(
  (_: unknown, context: ExecutionContext): OpenOwnerSession => {
    const session = context.switchToHttp().getRequest<OwnerRequest>().ownerSession;
    if (!session) throw new Error('CurrentOwnerSession needs OwnerSessionGuard');
    return session;
  },
);
