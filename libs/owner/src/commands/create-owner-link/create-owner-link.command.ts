import { Command } from '@nestjs/cqrs';

export class CreateOwnerLink extends Command<CreateOwnerLinkResult> {
  constructor(readonly agentId: string) {
    super();
  }
}

export interface CreateOwnerLinkResult {
  /** The only copy of the link's secret: the event holds its SHA-256. */
  secret: string;
  expiresAt: string;
}
