import { Query } from '@nestjs/cqrs';
import type { MatchingQueries } from '../../application/matching.queries';

export type MessagesView = Awaited<ReturnType<MatchingQueries['messages']>>;

export class GetMessages extends Query<MessagesView> {
  constructor(
    readonly matchId: string,
    readonly agentId: string,
    readonly cursor: string | undefined,
    readonly limit: number,
  ) {
    super();
  }
}
