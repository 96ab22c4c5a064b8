import { Command } from '@nestjs/cqrs';

export class RotateApiKey extends Command<RotateApiKeyResult> {
  constructor(
    readonly agentId: string,
    /** SHA-256 of the key the request came with: the one that is replaced. */
    readonly usedKeyHash: string,
  ) {
    super();
  }
}

export interface RotateApiKeyResult {
  /** The only copy of the new key: the event holds its SHA-256. */
  apiKey: string;
}
