import { Controller, Get, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  AgentAuthGuard,
  ApiAgentKey,
  ApiBody2xx,
  ApiErrors,
  ApiOp,
  AuthenticatedAgent,
  CurrentAgent,
  LIMITS,
  RateLimitGuard,
  ValidParam,
  ValidQuery,
} from '@companion/platform';
import { MessagePage } from '../../http/matching.responses';
import { MessagesQuery } from './messages.dto';
import { GetMessages } from './messages.query';

@ApiTags('matches')
@ApiAgentKey()
@UseGuards(AgentAuthGuard, RateLimitGuard)
@Controller('matches')
export class MessagesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':id/messages')
  @ApiOp('listMessages', 'Messages of a match, newest first; nextCursor pages to older ones')
  @ApiBody2xx(200, MessagePage)
  @ApiErrors(403, 404)
  messages(
    @CurrentAgent() agent: AuthenticatedAgent,
    @ValidParam('id') id: string,
    @ValidQuery() query: MessagesQuery,
  ) {
    return this.queryBus.execute(
      new GetMessages(id, agent.id, query.cursor, query.limit ?? LIMITS.list.messages.default),
    );
  }
}
