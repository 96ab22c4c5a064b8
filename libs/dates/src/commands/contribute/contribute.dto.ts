import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { LIMITS, TextLength } from '@companion/platform';

export class ContributionDto {
  @ApiProperty({
    type: 'integer',
    minimum: LIMITS.contribution.step.min,
    maximum: LIMITS.contribution.step.max,
  })
  @IsInt()
  @Min(LIMITS.contribution.step.min)
  @Max(LIMITS.contribution.step.max)
  step!: number;

  @ApiProperty({
    minLength: LIMITS.contribution.content.min,
    maxLength: LIMITS.contribution.content.max,
  })
  @IsString()
  @TextLength(LIMITS.contribution.content.min, LIMITS.contribution.content.max)
  content!: string;
}
