import { Command } from '@nestjs/cqrs';

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
  ) {
    super();
  }
}
