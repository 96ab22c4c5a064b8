import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
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
