export class CreateOwnerLink {
  constructor(readonly agentId: string) {}
}

export interface CreateOwnerLinkResult {
  /** The only copy of the link's secret: the event holds its SHA-256. */
  secret: string;
  expiresAt: string;
}
