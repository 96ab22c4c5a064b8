import { Inject, Injectable } from '@nestjs/common';
import { API_KEY_RESOLVER, ApiKeyResolver, hashApiKey, looksLikeApiKey } from '@companion/platform';

/** The same key check as the HTTP guard (spec §5.9: a WebSocket authenticates with its API key). */
@Injectable()
export class RealtimeAuth {
  constructor(@Inject(API_KEY_RESOLVER) private readonly resolver: ApiKeyResolver) {}

  /** The agent the key belongs to, or null for anything that is not a key of an active agent. */
  async agentFor(apiKey: unknown): Promise<string | null> {
    return (await this.identify(apiKey))?.agentId ?? null;
  }

  /** The agent and the key's hash: a connection keeps the hash, so a key rotation ends it. */
  async identify(apiKey: unknown): Promise<{ agentId: string; keyHash: string } | null> {
    if (typeof apiKey !== 'string' || !looksLikeApiKey(apiKey)) return null;
    const keyHash = hashApiKey(apiKey);
    const agentId = await this.resolver.agentIdFor(keyHash);
    return agentId ? { agentId, keyHash } : null;
  }
}
