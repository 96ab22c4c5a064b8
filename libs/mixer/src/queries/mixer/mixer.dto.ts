import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';

export class MixerQuery {
  /** Any date: the view is the first Saturday on or after it (impossible dates are refused by the domain). */
  @ApiPropertyOptional({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', example: '2026-11-21' })
  @IsOptional()
  @IsString()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'week must be a date of the form YYYY-MM-DD' })
  week?: string;
}
