import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { LIMITS, toInt } from '@companion/platform';
import { FeedQueries } from '../application/feed.queries';
import { FEED_TYPES, FeedType } from '../projections/feed.projection';

export class FeedQuery {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  cursor?: string;

  @ApiPropertyOptional({
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
  @ApiOperation({ summary: 'Public activity, newest first' })
  feed(@Query() query: FeedQuery) {
    return this.queries.page({
      cursor: query.cursor,
      limit: query.limit ?? LIMITS.list.feed.default,
      type: query.type,
    });
  }
}
