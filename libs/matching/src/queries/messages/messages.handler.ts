import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { MatchingQueries } from '../../application/matching.queries';
import { GetMessages, MessagesView } from './messages.query';

@Injectable()
@QueryHandler(GetMessages)
export class GetMessagesHandler implements IQueryHandler<GetMessages> {
  constructor(private readonly queries: MatchingQueries) {}

  execute({ matchId, agentId, cursor, limit }: GetMessages): Promise<MessagesView> {
    return this.queries.messages(matchId, agentId, { cursor, limit });
  }
}
