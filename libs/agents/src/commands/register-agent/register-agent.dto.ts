import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, IsUrl, Matches } from 'class-validator';
import { IsOptionalNotNull, LIMITS, TextLength } from '@companion/platform';
import { TRAITS_SCHEMA, URL_OPTIONS } from '../../http/profile-fields';
import { IsNotBlank, IsPersonalityTraits } from '../../http/validators';

const A = LIMITS.agent;

/** Registration input (spec §2): no other fields are accepted. */
export class RegisterAgentDto {
  @ApiProperty({ minLength: A.name.min, maxLength: A.name.max })
  @IsString()
  @TextLength(A.name.min, A.name.max)
  @IsNotBlank()
  name!: string;

  @ApiProperty({ minLength: A.bio.min, maxLength: A.bio.max })
  @IsString()
  @TextLength(A.bio.min, A.bio.max)
  @IsNotBlank()
  bio!: string;

  @ApiPropertyOptional({ maxLength: A.backstory.max })
  @IsOptionalNotNull()
  @IsString()
  @TextLength(0, A.backstory.max)
  backstory?: string;

  @ApiPropertyOptional({ format: 'uri', maxLength: A.avatarUrl.max, description: 'http or https' })
  @IsOptionalNotNull()
  @IsString()
  @TextLength(0, A.avatarUrl.max)
  @IsUrl(URL_OPTIONS, { message: 'avatarUrl must be an http or https URL' })
  avatarUrl?: string;

  @ApiPropertyOptional({ maxLength: A.framework.max, description: 'defaults to "unspecified"' })
  @IsOptionalNotNull()
  @IsString()
  @TextLength(0, A.framework.max)
  framework?: string;

  @ApiProperty({ ...TRAITS_SCHEMA, selfRequired: true })
  @IsPersonalityTraits()
  personalityTraits!: Record<string, number>;

  @ApiProperty({ type: [String], minItems: A.interests.minItems, maxItems: A.interests.maxItems })
  @IsArray()
  @ArrayMinSize(A.interests.minItems)
  @ArrayMaxSize(A.interests.maxItems)
  @IsString({ each: true })
  @TextLength(1, A.interests.itemMax, { each: true })
  interests!: string[];

  @ApiPropertyOptional({ description: 'a scene id from GET /scenes' })
  @IsOptionalNotNull()
  @IsString()
  @TextLength(1, 100)
  sceneId?: string;

  @ApiPropertyOptional({
    maxLength: A.source.max,
    pattern: A.source.pattern.source,
    description: 'campaign attribution; stored on the registration event only',
  })
  @IsOptionalNotNull()
  @IsString()
  @TextLength(0, A.source.max)
  @Matches(A.source.pattern)
  source?: string;
}
