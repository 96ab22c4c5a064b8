import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { FEED_TYPES, FeedType } from '../../projections/feed.projection';

/** A feed position: what the stream sends as each event's `id`. */
export const POSITION = /^\d{1,16}$/;

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
