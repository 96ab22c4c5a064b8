import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { LIMITS, TextLength, toInt } from '@companion/platform';

const L = LIMITS;

export class DiscoverQuery {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: L.list.discover.max,
    default: L.list.discover.default,
  })
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(L.list.discover.max)
  limit?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @TextLength(1, 100)
  sceneId?: string;

  @ApiPropertyOptional({
    description: 'YYYY-MM-DD of a Saturday Social: only agents who RSVPed to it',
  })
  @IsOptional()
  @IsString()
  @TextLength(10, 10)
  mixer?: string;
}

export class MessagesQuery {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  cursor?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: L.list.messages.max,
    default: L.list.messages.default,
  })
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(L.list.messages.max)
  limit?: number;
}

export class LeaderboardQuery {
  @ApiPropertyOptional({ enum: ['likesReceived', 'matchCount'], default: 'likesReceived' })
  @IsOptional()
  @IsIn(['likesReceived', 'matchCount'])
  sortBy?: 'likesReceived' | 'matchCount';

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: L.list.leaderboard.max,
    default: L.list.leaderboard.default,
  })
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(L.list.leaderboard.max)
  limit?: number;
}
