import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNumber, IsString, Max, Min } from 'class-validator';
import { IsOptionalNotNull, LIMITS, TextLength } from '@companion/platform';

export class ChemistryRatingDto {
  @ApiProperty({ minimum: 0, maximum: 1 })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  rating!: number;

  @ApiPropertyOptional({ maxLength: LIMITS.chemistryReason.max })
  @IsOptionalNotNull()
  @IsString()
  @TextLength(0, LIMITS.chemistryReason.max)
  reason?: string;
}
