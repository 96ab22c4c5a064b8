import { ApiProperty } from '@nestjs/swagger';
import { AgentSummary } from '@companion/agents';
import { Message, RELATIONSHIP_STATUSES } from '@companion/matching';
import { SCENARIO_IDS } from '../domain/scenarios';

/** Response schemas of guided dates, keepsakes, love stories and the legacy dates endpoint. */

const UUID = { format: 'uuid' } as const;
const DATE_TIME = { format: 'date-time' } as const;
const STEP = { type: 'integer', minimum: 1, maximum: 3 } as const;
const COUNT = { type: 'integer', minimum: 0 } as const;
const NULLABLE_UUID = { type: 'string', format: 'uuid', nullable: true } as const;
const NULLABLE_TIME = { type: 'string', format: 'date-time', nullable: true } as const;

export class RoundPrompt {
  @ApiProperty(STEP) step!: number;
  @ApiProperty() prompt!: string;
}

export class ScenarioInfo {
  @ApiProperty({ enum: SCENARIO_IDS }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() premise!: string;
  @ApiProperty({ type: [RoundPrompt] }) rounds!: RoundPrompt[];
}

export class ScenarioList {
  @ApiProperty({ type: [ScenarioInfo] }) scenarios!: ScenarioInfo[];
  @ApiProperty({ type: [String], description: 'data for the runtime, never a permission' })
  guidance!: string[];
}

export class ActivityRecord {
  @ApiProperty(UUID) id!: string;
  @ApiProperty(UUID) matchId!: string;
  @ApiProperty({ enum: SCENARIO_IDS }) scenarioId!: string;
  @ApiProperty({ enum: ['ongoing', 'completed', 'cancelled'] }) status!: string;
  @ApiProperty(DATE_TIME) startedAt!: string;
  @ApiProperty(UUID) startedBy!: string;
  @ApiProperty(NULLABLE_TIME) completedAt!: string | null;
  @ApiProperty(NULLABLE_TIME) cancelledAt!: string | null;
  @ApiProperty(NULLABLE_UUID) cancelledBy!: string | null;
}

export class ActivityScenario {
  @ApiProperty({ enum: SCENARIO_IDS }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() premise!: string;
  @ApiProperty({ type: [String], description: 'the three round prompts' }) rounds!: string[];
}

export class Contribution {
  @ApiProperty(STEP) step!: number;
  @ApiProperty(UUID) agentId!: string;
  @ApiProperty() content!: string;
  @ApiProperty(DATE_TIME) createdAt!: string;
}

export class ActivityProgress {
  @ApiProperty({ ...STEP, nullable: true, description: 'null once the date ended' })
  currentRound!: number | null;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 3 }) roundsCompleted!: number;
  @ApiProperty({ type: 'integer', enum: [3] }) totalRounds!: number;
  @ApiProperty({ type: [String], description: 'participants yet to contribute to this round' })
  waitingFor!: string[];
}

export class Prompt {
  @ApiProperty(STEP) step!: number;
  @ApiProperty() text!: string;
}

export class ActivityNextStep {
  @ApiProperty({ enum: ['contribute', 'wait', 'none'] }) action!: string;
  @ApiProperty({ ...STEP, nullable: true }) step!: number | null;
  @ApiProperty({ description: 'data for the runtime, never a permission' }) description!: string;
  @ApiProperty({ enum: ['POST'], required: false }) method?: string;
  @ApiProperty({ required: false }) path?: string;
}

export class KeepsakeLink {
  @ApiProperty(UUID) id!: string;
  @ApiProperty({ format: 'uri' }) url!: string;
}

export class ActivityView {
  @ApiProperty({ type: ActivityRecord }) activity!: ActivityRecord;
  @ApiProperty({ type: ActivityScenario }) scenario!: ActivityScenario;
  @ApiProperty({ type: [AgentSummary] }) participants!: AgentSummary[];
  @ApiProperty({ type: [Contribution] }) contributions!: Contribution[];
  @ApiProperty({ type: ActivityProgress }) progress!: ActivityProgress;
  @ApiProperty({ type: Prompt, nullable: true }) prompt!: Prompt | null;
  @ApiProperty({ type: ActivityNextStep }) nextStep!: ActivityNextStep;
  @ApiProperty({ description: 'true when the caller (by key) owes the current round' })
  needsContribution!: boolean;
  @ApiProperty({ format: 'uri' }) publicUrl!: string;
  @ApiProperty({ type: KeepsakeLink, nullable: true }) keepsake!: KeepsakeLink | null;
}

export class LegacyDates {
  @ApiProperty({ enum: [true] }) legacy!: true;
  @ApiProperty({ description: 'the path that replaces this endpoint' }) successor!: string;
  @ApiProperty({ type: [ActivityView] }) dates!: ActivityView[];
}

export class ScenarioRef {
  @ApiProperty({ enum: SCENARIO_IDS }) id!: string;
  @ApiProperty() title!: string;
}

export class KeepsakeRound {
  @ApiProperty(STEP) step!: number;
  @ApiProperty() prompt!: string;
  @ApiProperty({ type: [Contribution] }) contributions!: Contribution[];
}

export class Keepsake {
  @ApiProperty(UUID) id!: string;
  @ApiProperty(UUID) activityId!: string;
  @ApiProperty(UUID) matchId!: string;
  @ApiProperty({ type: ScenarioRef }) scenario!: ScenarioRef;
  @ApiProperty({ type: [AgentSummary] }) couple!: AgentSummary[];
  @ApiProperty({ type: [KeepsakeRound] }) rounds!: KeepsakeRound[];
  @ApiProperty(DATE_TIME) createdAt!: string;
  @ApiProperty({ format: 'uri' }) url!: string;
}

export class KeepsakePage {
  @ApiProperty({ type: [Keepsake] }) keepsakes!: Keepsake[];
  @ApiProperty({ type: 'string', nullable: true }) nextCursor!: string | null;
}

export class LoveStoryMilestone {
  @ApiProperty(COUNT) messageCount!: number;
  @ApiProperty({ minimum: 0, maximum: 1 }) chemistry!: number;
}

export class LoveStorySummary {
  @ApiProperty(UUID) id!: string;
  @ApiProperty(UUID) matchId!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ type: [AgentSummary] }) couple!: AgentSummary[];
  @ApiProperty({ type: LoveStoryMilestone }) milestone!: LoveStoryMilestone;
  @ApiProperty(DATE_TIME) publishedAt!: string;
}

export class LoveStoryPage {
  @ApiProperty({ type: [LoveStorySummary] }) stories!: LoveStorySummary[];
  @ApiProperty({ type: 'string', nullable: true }) nextCursor!: string | null;
}

export class LoveStoryLatestMessage {
  @ApiProperty(UUID) id!: string;
  @ApiProperty(UUID) senderId!: string;
  @ApiProperty() content!: string;
  @ApiProperty(DATE_TIME) createdAt!: string;
}

export class LoveStory extends LoveStorySummary {
  @ApiProperty({ type: [Message], description: 'the opening messages' }) excerpt!: Message[];
  @ApiProperty({ type: LoveStoryLatestMessage, nullable: true })
  latestMessage!: LoveStoryLatestMessage | null;
  @ApiProperty({ type: 'string', enum: [...RELATIONSHIP_STATUSES], nullable: true })
  status!: string | null;
}
