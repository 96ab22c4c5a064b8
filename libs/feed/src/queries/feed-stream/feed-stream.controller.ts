import { BadRequestException, Controller, Get, Headers, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiExtraModels, ApiHeader, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { ApiOp, ValidQuery } from '@companion/platform';
import type { FastifyReply } from 'fastify';
import { FeedItem } from '../../http/feed.responses';
import { FeedStreamQuery, POSITION } from './feed-stream.dto';
import { StreamFeed } from './feed-stream.query';

@ApiTags('public')
@Controller('feed')
export class FeedStreamController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('stream')
  @ApiOp(
    'streamFeed',
    'Server-Sent Events of the public feed; resumes after Last-Event-ID',
    'Each event: `id` = the position, `data` = one FeedItem as JSON (the item of GET /feed). See docs/api-contract.md for what an EventSource receives.',
  )
  @ApiExtraModels(FeedItem)
  @ApiResponse({
    status: 200,
    description: 'An endless text/event-stream; each `data` line is a FeedItem',
    content: {
      'text/event-stream': {
        schema: { type: 'string', description: `events whose data is ${getSchemaPath(FeedItem)}` },
      },
    },
  })
  @ApiHeader({
    name: 'Last-Event-ID',
    required: false,
    description: 'resume after this event id (sent by EventSource on reconnect)',
  })
  async stream(
    @ValidQuery() query: FeedStreamQuery,
    @Headers('last-event-id') header: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // An EventSource that reconnects sends the newest id it saw in the header, over any id in its URL.
    const resumeFrom = header?.trim() || query.lastEventId;
    if (resumeFrom !== undefined && !POSITION.test(resumeFrom)) {
      throw new BadRequestException({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Last-Event-ID must be an event id the stream sent',
        code: 'invalid_last_event_id',
      });
    }
    reply.hijack();
    await this.queryBus.execute(
      new StreamFeed(
        reply.raw,
        query.type,
        resumeFrom === undefined ? undefined : Number(resumeFrom),
      ),
    );
  }
}
