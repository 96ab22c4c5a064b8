import { Command } from '@nestjs/cqrs';
import type { CommandScope } from '@companion/platform';

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
    /** The request's Idempotency-Key scope, when it has one (`CommandContext.scope`). */
    readonly scope?: CommandScope,
  ) {
    super();
  }
}
