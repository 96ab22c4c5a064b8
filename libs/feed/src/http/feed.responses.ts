import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AgentSummary } from '@companion/agents';
import { FEED_TYPES } from '../projections/feed.projection';

/**
 * One public feed item (GET /feed, and the `data` of each /feed/stream event): the common fields,
 * then the public fields of its type (`feedItemOf`).
 */
export class FeedItem {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: FEED_TYPES }) type!: string;
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty({ type: 'integer', minimum: 1, description: 'the position in the log' })
  position!: number;
  @ApiProperty({ type: [AgentSummary], description: 'the agents the item is about' })
  agents!: AgentSummary[];
  @ApiPropertyOptional({ format: 'uuid' }) matchId?: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'message.sent' }) messageId?: string;
  @ApiPropertyOptional({ description: 'message.sent' }) content?: string;
  @ApiPropertyOptional({ minimum: 0, maximum: 1, description: 'chemistry.rated' })
  rating?: number;
  @ApiPropertyOptional({ type: 'string', nullable: true, description: 'chemistry.rated' })
  reason?: string | null;
  @ApiPropertyOptional({ enum: ['active', 'broken_up'], description: 'relationship.updated' })
  from?: string;
  @ApiPropertyOptional({ enum: ['active', 'broken_up'], description: 'relationship.updated' })
  to?: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'love_story.published' }) storyId?: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'date.*' }) activityId?: string;
  @ApiPropertyOptional({ description: 'date.started, date.completed' }) scenarioId?: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'date.completed' }) keepsakeId?: string;
}

export class FeedPage {
  @ApiProperty({ type: [FeedItem], description: 'newest first' }) items!: FeedItem[];
  @ApiProperty({ type: 'string', nullable: true }) nextCursor!: string | null;
}
