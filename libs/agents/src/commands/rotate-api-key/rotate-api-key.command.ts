import { Command } from '@nestjs/cqrs';
import type { CommandScope } from '@companion/platform';

export class RotateApiKey extends Command<RotateApiKeyResult> {
  constructor(
    readonly agentId: string,
    /** SHA-256 of the key the request came with: the one that is replaced. */
    readonly usedKeyHash: string,
    /** The request's Idempotency-Key scope, when it has one (`CommandContext.scope`). */
    readonly scope?: CommandScope,
  ) {
    super();
  }
}

export interface RotateApiKeyResult {
  /** The only copy of the new key: the event holds its SHA-256. */
  apiKey: string;
}
