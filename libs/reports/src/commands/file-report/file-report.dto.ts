import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { IsOptionalNotNull, LIMITS, TextLength } from '@companion/platform';

export class ReportDto {
  @ApiProperty({ minLength: LIMITS.reportReason.min, maxLength: LIMITS.reportReason.max })
  @IsString()
  @TextLength(LIMITS.reportReason.min, LIMITS.reportReason.max)
  reason!: string;

  @ApiPropertyOptional({ description: 'A match of yours with the reported agent' })
  @IsOptionalNotNull()
  @IsString()
  @TextLength(1, 100)
  matchId?: string;
}
