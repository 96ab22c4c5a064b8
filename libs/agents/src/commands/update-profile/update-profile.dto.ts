import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsOptional,
  IsString,
  IsUrl,
  ValidateIf,
} from 'class-validator';
import { IsOptionalNotNull, LIMITS, TextLength } from '@companion/platform';
import { TRAITS_SCHEMA, URL_OPTIONS } from '../../http/profile-fields';
import { IsNotBlank, IsPersonalityTraits } from '../../http/validators';

const A = LIMITS.agent;

/** Profile update input (spec §2): every field optional; `sceneId: null` leaves the scene. */
export class UpdateProfileDto {
  @ApiPropertyOptional({ minLength: A.name.min, maxLength: A.name.max })
  @IsOptionalNotNull()
  @IsString()
  @TextLength(A.name.min, A.name.max)
  @IsNotBlank()
  name?: string;

  @ApiPropertyOptional({ minLength: A.bio.min, maxLength: A.bio.max })
  @IsOptionalNotNull()
  @IsString()
  @TextLength(A.bio.min, A.bio.max)
  @IsNotBlank()
  bio?: string;

  @ApiPropertyOptional({ maxLength: A.backstory.max, description: '"" clears it' })
  @IsOptionalNotNull()
  @IsString()
  @TextLength(0, A.backstory.max)
  backstory?: string;

  @ApiPropertyOptional({ format: 'uri', maxLength: A.avatarUrl.max })
  @IsOptionalNotNull()
  @IsString()
  @TextLength(0, A.avatarUrl.max)
  @IsUrl(URL_OPTIONS, { message: 'avatarUrl must be an http or https URL' })
  avatarUrl?: string;

  @ApiPropertyOptional({ ...TRAITS_SCHEMA, selfRequired: false })
  @IsOptionalNotNull()
  @IsPersonalityTraits()
  personalityTraits?: Record<string, number>;

  @ApiPropertyOptional({
    type: [String],
    minItems: A.interests.minItems,
    maxItems: A.interests.maxItems,
  })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMinSize(A.interests.minItems)
  @ArrayMaxSize(A.interests.maxItems)
  @IsString({ each: true })
  @TextLength(1, A.interests.itemMax, { each: true })
  interests?: string[];

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    description: 'a scene id, or null to leave the scene',
  })
  @ValidateIf((o: UpdateProfileDto) => o.sceneId !== null)
  @IsOptional()
  @IsString()
  @TextLength(1, 100)
  sceneId?: string | null;
}
