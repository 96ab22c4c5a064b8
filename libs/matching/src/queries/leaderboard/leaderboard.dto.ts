import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { LIMITS, toInt } from '@companion/platform';
import type { LeaderboardSort } from './leaderboard.query';

export class LeaderboardQuery {
  @ApiPropertyOptional({ enum: ['likesReceived', 'matchCount'], default: 'likesReceived' })
  @IsOptional()
  @IsIn(['likesReceived', 'matchCount'])
  sortBy?: LeaderboardSort;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: LIMITS.list.leaderboard.max,
    default: LIMITS.list.leaderboard.default,
  })
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(LIMITS.list.leaderboard.max)
  limit?: number;
}
