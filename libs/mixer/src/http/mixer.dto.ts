import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { MIXER_ACTIONS, MixerAction } from '../domain/mixer-rsvp';

export class MixerRsvpDto {
  @ApiProperty({ enum: MIXER_ACTIONS })
  @IsIn(MIXER_ACTIONS)
  action!: MixerAction;
}

export class MixerQuery {
  /** Any date: the view is the first Saturday on or after it (impossible dates are refused by the domain). */
  @ApiPropertyOptional({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', example: '2026-11-21' })
  @IsOptional()
  @IsString()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'week must be a date of the form YYYY-MM-DD' })
  week?: string;
}
