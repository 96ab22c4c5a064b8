import { BadRequestException, Controller, Get, Headers, Query, Res } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiHeader,
  ApiPropertyOptional,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { ApiOp } from '@companion/platform';
import { IsIn, IsOptional, Matches } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { FeedStreams } from '../application/feed-stream';
import { FEED_TYPES, FeedType } from '../projections/feed.projection';
import { FeedItem } from './feed.responses';

/** A feed position: what the stream sends as each event's `id`. */
const POSITION = /^\d{1,16}$/;

export class FeedStreamQuery {
  @ApiPropertyOptional({ enum: FEED_TYPES, description: 'only items of this type' })
  @IsOptional()
  @IsIn(FEED_TYPES)
  type?: FeedType;

  @ApiPropertyOptional({
    description:
      'resume after this event id, for clients that cannot send the Last-Event-ID header (the header wins)',
  })
  @IsOptional()
  @Matches(POSITION, { message: 'lastEventId must be an event id the stream sent' })
  lastEventId?: string;
}

@ApiTags('public')
@Controller('feed')
export class FeedStreamController {
  constructor(private readonly streams: FeedStreams) {}

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
    @Query() query: FeedStreamQuery,
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
    await this.streams.serve(reply.raw, {
      type: query.type,
      lastEventId: resumeFrom === undefined ? undefined : Number(resumeFrom),
    });
  }
}
