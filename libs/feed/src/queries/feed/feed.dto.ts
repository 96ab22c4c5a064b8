import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { LIMITS, toInt } from '@companion/platform';
import { FEED_TYPES, FeedType } from '../../projections/feed.projection';

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
