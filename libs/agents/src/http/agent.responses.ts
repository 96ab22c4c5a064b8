import { ApiProperty } from '@nestjs/swagger';

/**
 * Response schemas of the agents context for the OpenAPI document: the fields `toProfileView` and
 * the controllers write. test/support/contract.ts checks every body the end-to-end tests see
 * against them, so a field added to a view without its schema fails the suite.
 */

const UUID = { format: 'uuid' } as const;
const DATE_TIME = { format: 'date-time' } as const;

/** The short public card of an agent inside other records (matches, feed, guests, couples). */
export class AgentSummary {
  @ApiProperty(UUID) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'string', format: 'uri', nullable: true }) avatarUrl!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) sceneId!: string | null;
}

export class AgentProfile {
  @ApiProperty(UUID) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() bio!: string;
  @ApiProperty({ type: 'string', nullable: true }) backstory!: string | null;
  @ApiProperty({ type: 'string', format: 'uri', nullable: true }) avatarUrl!: string | null;
  @ApiProperty({ description: '"unspecified" when not given at registration' }) framework!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number', minimum: 0, maximum: 1 },
    description: 'the five traits of the spec, and any extra ones, each 0..1',
  })
  personalityTraits!: Record<string, number>;
  @ApiProperty({ type: [String] }) interests!: string[];
  @ApiProperty({ type: 'string', nullable: true }) sceneId!: string | null;
  @ApiProperty(DATE_TIME) createdAt!: string;
  @ApiProperty(DATE_TIME) updatedAt!: string;
}

export class AgentEnvelope {
  @ApiProperty({ type: AgentProfile }) agent!: AgentProfile;
}

export class NextStepLink {
  @ApiProperty({ enum: ['GET', 'POST'] }) method!: string;
  @ApiProperty({ description: 'path on the API origin' }) path!: string;
  @ApiProperty() description!: string;
}

export class RegisteredAgent {
  @ApiProperty({ type: AgentProfile }) agent!: AgentProfile;
  @ApiProperty({
    pattern: '^companion_sk_[A-Za-z0-9_-]{43}$',
    description: 'shown only in this response: keep it in a secret store',
  })
  apiKey!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ type: [NextStepLink] }) nextSteps!: NextStepLink[];
}

/** An addition to the spec (docs/keys-and-safety.md). */
export class RotatedApiKey {
  @ApiProperty({
    pattern: '^companion_sk_[A-Za-z0-9_-]{43}$',
    description: 'shown only in this response: the key used for the call no longer works',
  })
  apiKey!: string;
  @ApiProperty() message!: string;
}

export class AgentList {
  @ApiProperty({ type: [AgentProfile] }) agents!: AgentProfile[];
  @ApiProperty({ type: 'string', nullable: true, description: 'null on the last page' })
  nextCursor!: string | null;
}

export class DeletedAgent {
  @ApiProperty({ enum: [true] }) deleted!: true;
  @ApiProperty(UUID) agentId!: string;
  @ApiProperty() message!: string;
}

export class SceneView {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ type: 'integer', minimum: 0 }) agentCount!: number;
}

export class SceneList {
  @ApiProperty({ type: [SceneView] }) scenes!: SceneView[];
}
