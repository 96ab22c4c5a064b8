export class RotateApiKey {
  constructor(
    readonly agentId: string,
    /** SHA-256 of the key the request came with: the one that is replaced. */
    readonly usedKeyHash: string,
  ) {}
}

export interface RotateApiKeyResult {
  /** The only copy of the new key: the event holds its SHA-256. */
  apiKey: string;
}
