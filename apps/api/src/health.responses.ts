import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Response schema of GET /api/health (200 when everything is up, 503 with the same body otherwise). */

const UP_DOWN = { enum: ['up', 'down'] } as const;
const COUNT = { type: 'integer', minimum: 0 } as const;

export class EventStoreHealth {
  @ApiProperty(UP_DOWN) status!: string;
  @ApiProperty({ enum: ['sqlite', 'eventstoredb'] }) kind!: string;
  @ApiProperty({ ...COUNT, description: 'the newest global position' }) head!: number;
  @ApiPropertyOptional() error?: string;
}

export class ReadStoreHealth {
  @ApiProperty(UP_DOWN) status!: string;
  @ApiProperty({ enum: ['sqlite', 'mongodb'] }) kind!: string;
  @ApiPropertyOptional() error?: string;
}

export class ProjectionRebuild {
  @ApiProperty(COUNT) generation!: number;
  @ApiPropertyOptional(COUNT) version?: number;
  @ApiProperty(COUNT) checkpoint!: number;
  @ApiPropertyOptional(COUNT) eventsPerSecond?: number;
}

export class ProjectionHealth {
  @ApiProperty() name!: string;
  @ApiProperty(COUNT) generation!: number;
  @ApiProperty(COUNT) version!: number;
  @ApiProperty(COUNT) checkpoint!: number;
  @ApiProperty({ ...COUNT, description: 'events of the log not yet applied' }) lag!: number;
  @ApiProperty({ enum: ['live', 'rebuilding', 'not started', 'failed'] }) state!: string;
  @ApiPropertyOptional() error?: string;
  @ApiPropertyOptional({ type: ProjectionRebuild }) rebuild?: ProjectionRebuild;
}

export class FatalFailureView {
  @ApiProperty() component!: string;
  @ApiProperty() reason!: string;
  @ApiProperty({
    description:
      'true: the process exits and is restarted (a subscription ended); false: it stays up until an operator fixes and rebuilds (a projection that fails on an event)',
  })
  restart!: boolean;
}

export class SimilarityIndexHealth {
  @ApiProperty({
    enum: ['off', 'waiting', 'building', 'ready'],
    description:
      'off: this instance keeps no index (DISCOVERY_WORKERS=0, or a ranking worker failed); waiting: the population is below the threshold, or no new caller has asked since it reached it; building: new callers get the exact scan meanwhile; ready: new callers are ranked by it. Each instance keeps its own (docs/discovery-index.md)',
  })
  state!: string;
  @ApiProperty({
    ...COUNT,
    nullable: true,
    description: 'the population from which the index is used; null when off',
  })
  threshold!: number | null;
  @ApiProperty({
    ...COUNT,
    nullable: true,
    description: 'candidates when the build began, then when it was done; null while waiting',
  })
  candidates!: number | null;
}

export class DiscoveryHealth {
  @ApiProperty({ type: SimilarityIndexHealth }) similarityIndex!: SimilarityIndexHealth;
}

export class Health {
  @ApiProperty({ enum: ['ok', 'degraded'] }) status!: string;
  @ApiProperty({ example: '1.4.1' }) version!: string;
  @ApiProperty({ type: EventStoreHealth }) eventStore!: EventStoreHealth;
  @ApiProperty({ type: ReadStoreHealth }) readStore!: ReadStoreHealth;
  @ApiProperty({ type: [ProjectionHealth] }) projections!: ProjectionHealth[];
  @ApiProperty({ type: DiscoveryHealth, description: "this instance's discovery" })
  discovery!: DiscoveryHealth;
  @ApiPropertyOptional({
    type: [FatalFailureView],
    description: 'loops of this process that ended for good',
  })
  failures?: FatalFailureView[];
}
