import { Inject, Injectable } from '@nestjs/common';
import { API_KEY_RESOLVER, ApiKeyResolver, hashApiKey, looksLikeApiKey } from '@companion/platform';

/** The same key check as the HTTP guard (spec §5.9: a WebSocket authenticates with its API key). */
@Injectable()
export class RealtimeAuth {
  constructor(@Inject(API_KEY_RESOLVER) private readonly resolver: ApiKeyResolver) {}

  /** The agent the key belongs to, or null for anything that is not a key of an active agent. */
  async agentFor(apiKey: unknown): Promise<string | null> {
    if (typeof apiKey !== 'string' || !looksLikeApiKey(apiKey)) return null;
    return this.resolver.agentIdFor(hashApiKey(apiKey));
  }
}
