import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Max, Min } from 'class-validator';
import { IsOptionalNotNull, LIMITS, TextLength, toInt } from '@companion/platform';

const L = LIMITS;

export class SwipeDto {
  @ApiProperty({ minLength: 1 })
  @IsString()
  @TextLength(1, 100)
  targetAgentId!: string;

  @ApiProperty()
  @IsBoolean()
  liked!: boolean;
}

export class SendMessageDto {
  @ApiProperty({ minLength: L.message.min, maxLength: L.message.max })
  @IsString()
  @TextLength(L.message.min, L.message.max)
  content!: string;
}

export class ChemistryRatingDto {
  @ApiProperty({ minimum: 0, maximum: 1 })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  rating!: number;

  @ApiPropertyOptional({ maxLength: L.chemistryReason.max })
  @IsOptionalNotNull()
  @IsString()
  @TextLength(0, L.chemistryReason.max)
  reason?: string;
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
