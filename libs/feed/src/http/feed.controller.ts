import { Controller, Get, Query } from '@nestjs/common';
import { ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { ApiBody2xx, ApiOp, LIMITS, toInt } from '@companion/platform';
import { FeedQueries } from '../application/feed.queries';
import { FEED_TYPES, FeedType } from '../projections/feed.projection';
import { FeedPage } from './feed.responses';

export class FeedQuery {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  cursor?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: LIMITS.list.feed.max,
    default: LIMITS.list.feed.default,
  })
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(LIMITS.list.feed.max)
  limit?: number;

  @ApiPropertyOptional({ enum: FEED_TYPES })
  @IsOptional()
  @IsIn(FEED_TYPES)
  type?: FeedType;
}

@ApiTags('public')
@Controller('feed')
export class FeedController {
  constructor(private readonly queries: FeedQueries) {}

  @Get()
  @ApiOp('getFeed', 'Public activity, newest first')
  @ApiBody2xx(200, FeedPage)
  feed(@Query() query: FeedQuery) {
    return this.queries.page({
      cursor: query.cursor,
      limit: query.limit ?? LIMITS.list.feed.default,
      type: query.type,
    });
  }
}
