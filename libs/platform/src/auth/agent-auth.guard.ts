import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Inject,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { noteAgent } from '../logging/request-logging';
import { hashApiKey, looksLikeApiKey } from './api-key';

export const API_KEY_RESOLVER = Symbol('API_KEY_RESOLVER');

/** Resolves a key's SHA-256 to its active agent (the agents read model answers it). */
export interface ApiKeyResolver {
  agentIdFor(keyHash: string): Promise<string | null>;
}

export interface AuthenticatedAgent {
  id: string;
  /** SHA-256 of the key this request came with (key rotation replaces exactly that key). */
  keyHash: string;
}

type AuthRequest = FastifyRequest & { agent?: AuthenticatedAgent };

async function authenticate(
  request: AuthRequest,
  resolver: ApiKeyResolver,
  required: boolean,
): Promise<boolean> {
  const header = request.headers.authorization;
  if (header === undefined) {
    if (required)
      throw new UnauthorizedException('missing Bearer key: send "Authorization: Bearer <API_KEY>"');
    return true;
  }
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  if (!match)
    throw new UnauthorizedException('the Authorization header must be "Bearer <API_KEY>"');
  const keyHash = looksLikeApiKey(match[1]) ? hashApiKey(match[1]) : null;
  const agentId = keyHash ? await resolver.agentIdFor(keyHash) : null;
  if (!agentId || !keyHash) throw new UnauthorizedException('invalid API key');
  request.agent = { id: agentId, keyHash };
  noteAgent(request.raw, agentId);
  return true;
}

/** Agent endpoints: 401 without a valid key (spec §5.4). */
@Injectable()
export class AgentAuthGuard implements CanActivate {
  constructor(@Inject(API_KEY_RESOLVER) private readonly resolver: ApiKeyResolver) {}
  canActivate(context: ExecutionContext): Promise<boolean> {
    return authenticate(context.switchToHttp().getRequest<AuthRequest>(), this.resolver, true);
  }
}

/**
 * "Optional" endpoints work without a key and are personalised with one. A key that is sent but
 * invalid is still a 401: silently answering anonymously would hide the caller's mistake.
 */
@Injectable()
export class OptionalAgentAuthGuard implements CanActivate {
  constructor(@Inject(API_KEY_RESOLVER) private readonly resolver: ApiKeyResolver) {}
  canActivate(context: ExecutionContext): Promise<boolean> {
    return authenticate(context.switchToHttp().getRequest<AuthRequest>(), this.resolver, false);
  }
}

/** The authenticated agent (or undefined on an optional endpoint called without a key). */
export const CurrentAgent = createParamDecorator((_: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<AuthRequest>().agent;
});
