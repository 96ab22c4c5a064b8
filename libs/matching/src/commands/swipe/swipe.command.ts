import { Command } from '@nestjs/cqrs';

export interface SwipeResult {
  swiped: true;
  liked: boolean;
  match: { id: string } | null;
}

export class SwipeOn extends Command<SwipeResult> {
  constructor(
    readonly swiperId: string,
    readonly targetId: string,
    readonly liked: boolean,
  ) {
    super();
  }
}
