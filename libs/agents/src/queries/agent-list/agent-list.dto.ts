import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { LIMITS, TextLength, toInt } from '@companion/platform';

export class ListAgentsQuery {
  @ApiPropertyOptional({ description: 'nextCursor of the previous page' })
  @IsOptional()
  @IsString()
  cursor?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: LIMITS.list.agents.max,
    default: LIMITS.list.agents.default,
  })
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(LIMITS.list.agents.max)
  limit?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @TextLength(1, 100)
  sceneId?: string;
}
