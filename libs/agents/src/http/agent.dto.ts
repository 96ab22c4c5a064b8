import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';
import { IsOptionalNotNull, LIMITS, REQUIRED_TRAITS, TextLength, toInt } from '@companion/platform';
import { IsNotBlank, IsPersonalityTraits } from './validators';

const A = LIMITS.agent;
const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

const TRAITS_SCHEMA = {
  type: 'object' as const,
  required: [...REQUIRED_TRAITS],
  properties: Object.fromEntries(
    REQUIRED_TRAITS.map((trait) => [trait, { type: 'number' as const, minimum: 0, maximum: 1 }]),
  ),
  additionalProperties: { type: 'number', minimum: 0, maximum: 1 },
  maxProperties: A.personalityTraits.maxKeys,
  example: {
    openness: 0.8,
    conscientiousness: 0.6,
    extraversion: 0.4,
    agreeableness: 0.7,
    neuroticism: 0.3,
  },
};

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
