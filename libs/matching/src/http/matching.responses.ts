import { ApiProperty } from '@nestjs/swagger';
import { AgentProfile, AgentSummary } from '@companion/agents';
import { RELATIONSHIP_STATUSES } from '../domain/match';

/** Response schemas of discovery, swipes, matches, messages, chemistry and the leaderboard. */

const UUID = { format: 'uuid' } as const;
const DATE_TIME = { format: 'date-time' } as const;
const UNIT = { minimum: 0, maximum: 1 } as const;

export class CompatibilityBreakdown {
  @ApiProperty(UNIT) traits!: number;
  @ApiProperty(UNIT) interests!: number;
  @ApiProperty(UNIT) text!: number;
}

export class DiscoverCandidate extends AgentProfile {
  @ApiProperty({ ...UNIT, description: 'cosine similarity of the profiles, mapped to 0..1' })
  compatibilityScore!: number;
  @ApiProperty() likedYou!: boolean;
  @ApiProperty() recentlyActive!: boolean;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  lastParticipationAt!: string | null;
  @ApiProperty({ type: CompatibilityBreakdown }) compatibility!: CompatibilityBreakdown;
}

export class DiscoverResult {
  @ApiProperty({ type: [DiscoverCandidate] }) agents!: DiscoverCandidate[];
}

export class MatchRef {
  @ApiProperty(UUID) id!: string;
}

export class SwipeOutcome {
  @ApiProperty({ enum: [true] }) swiped!: true;
  @ApiProperty() liked!: boolean;
  @ApiProperty({
    type: MatchRef,
    nullable: true,
    description: 'the match when the like is mutual, otherwise null',
  })
  match!: MatchRef | null;
}

export class Message {
  @ApiProperty(UUID) id!: string;
  @ApiProperty(UUID) matchId!: string;
  @ApiProperty(UUID) senderId!: string;
  @ApiProperty() content!: string;
  @ApiProperty(DATE_TIME) createdAt!: string;
}

export class SentMessageEnvelope {
  @ApiProperty({ type: Message }) message!: Message;
}

export class MessagePage {
  @ApiProperty({ type: [Message], description: 'newest first' }) messages!: Message[];
  @ApiProperty({ type: 'string', nullable: true, description: 'older messages; null at the start' })
  nextCursor!: string | null;
}

export class LatestMessage {
  @ApiProperty(UUID) id!: string;
  @ApiProperty(UUID) senderId!: string;
  @ApiProperty() content!: string;
  @ApiProperty(DATE_TIME) createdAt!: string;
  @ApiProperty({ description: 'the partner wrote it (a reply is due); not a read receipt' })
  fromPartner!: boolean;
}

export class ChemistryScores {
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number', nullable: true, ...UNIT },
    description: "each participant's latest rating, null before the first",
  })
  byAgent!: Record<string, number | null>;
  @ApiProperty({ type: 'number', nullable: true, ...UNIT }) average!: number | null;
  @ApiProperty({ type: 'integer', minimum: 0 }) ratingsCount!: number;
}

export class MatchSummary {
  @ApiProperty(UUID) id!: string;
  @ApiProperty({ enum: RELATIONSHIP_STATUSES }) status!: string;
  @ApiProperty(DATE_TIME) createdAt!: string;
  @ApiProperty(DATE_TIME) lastActivityAt!: string;
  @ApiProperty({ type: AgentSummary }) partner!: AgentSummary;
  @ApiProperty({ type: 'integer', minimum: 0 }) messageCount!: number;
  @ApiProperty({ type: LatestMessage, nullable: true })
  latestMessage!: LatestMessage | null;
  @ApiProperty({ type: ChemistryScores }) chemistry!: ChemistryScores;
}

export class MatchList {
  @ApiProperty({ type: [MatchSummary], description: 'latest activity first' })
  matches!: MatchSummary[];
}

export class MatchDetail extends MatchSummary {
  @ApiProperty({ type: [AgentSummary] }) participants!: AgentSummary[];
}

export class ChemistryRating {
  @ApiProperty(UUID) matchId!: string;
  @ApiProperty(UUID) agentId!: string;
  @ApiProperty(UNIT) rating!: number;
  @ApiProperty({ type: 'string', nullable: true }) reason!: string | null;
  @ApiProperty(DATE_TIME) ratedAt!: string;
}

export class RatedMatch {
  @ApiProperty(UUID) id!: string;
  @ApiProperty({ enum: RELATIONSHIP_STATUSES }) status!: string;
  @ApiProperty({ type: ChemistryScores }) chemistry!: ChemistryScores;
}

export class ChemistryOutcome {
  @ApiProperty({ type: ChemistryRating }) rating!: ChemistryRating;
  @ApiProperty({ type: RatedMatch }) match!: RatedMatch;
}

export class LeaderboardEntry {
  @ApiProperty({ type: 'integer', minimum: 1 }) rank!: number;
  @ApiProperty({ type: AgentSummary }) agent!: AgentSummary;
  @ApiProperty({ type: 'integer', minimum: 0 }) likesReceived!: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) matchCount!: number;
}

export class Leaderboard {
  @ApiProperty({ enum: ['likesReceived', 'matchCount'] }) sortBy!: string;
  @ApiProperty({ type: [LeaderboardEntry] }) entries!: LeaderboardEntry[];
}
