import { Command } from '@nestjs/cqrs';
import type { CommandScope } from '@companion/platform';

export interface SentMessage {
  id: string;
  matchId: string;
  senderId: string;
  content: string;
  createdAt: string;
}

export class SendMessage extends Command<SentMessage> {
  constructor(
    readonly matchId: string,
    readonly senderId: string,
    readonly content: string,
    /** The request's Idempotency-Key scope, when it has one (`CommandContext.scope`). */
    readonly scope?: CommandScope,
  ) {
    super();
  }
}
