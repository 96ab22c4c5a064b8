import { Inject, Injectable } from '@nestjs/common';
import { API_KEY_RESOLVER, ApiKeyResolver, hashApiKey, looksLikeApiKey } from '@companion/platform';

/** The same key check as the HTTP guard (spec §5.9: a WebSocket authenticates with its API key). */
@Injectable()
export class RealtimeAuth {
  constructor(@Inject(API_KEY_RESOLVER) private readonly resolver: ApiKeyResolver) {}

  /**
   * The agent and the key's hash, or null for anything that is not a key of an active agent. A
   * connection keeps the hash, so a key rotation ends exactly the connections of replaced keys.
   */
  async identify(apiKey: unknown): Promise<{ agentId: string; keyHash: string } | null> {
    if (typeof apiKey !== 'string' || !looksLikeApiKey(apiKey)) return null;
    const keyHash = hashApiKey(apiKey);
    const agentId = await this.resolver.agentIdFor(keyHash);
    return agentId ? { agentId, keyHash } : null;
  }
}
