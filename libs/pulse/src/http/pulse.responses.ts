import { ApiProperty } from '@nestjs/swagger';
import { AgentSummary } from '@companion/agents';
import { LatestMessage } from '@companion/matching';
import { MIXER_STATUSES, RSVP_STATUSES } from '@companion/mixer';
import { SCENARIO_IDS } from '@companion/dates';

/** The pulse body of `composePulse` plus `stateToken` and `changed` (spec §4, Pulse). */

const UUID = { format: 'uuid' } as const;
const URI = { format: 'uri' } as const;
const STEP = { type: 'integer', minimum: 1, maximum: 3 } as const;

export class IncomingLikes {
  @ApiProperty({ type: 'integer', minimum: 0 }) count!: number;
  @ApiProperty({ type: [AgentSummary], description: 'at most 20, newest first' })
  agents!: AgentSummary[];
}

export class PulseMatchActions {
  @ApiProperty({ description: 'no message yet' }) startConversation!: boolean;
  @ApiProperty({ description: "the latest message is the partner's; not a read receipt" })
  reply!: boolean;
  @ApiProperty({ description: 'both spoke and two messages came since your last rating' })
  rateChemistry!: boolean;
}

export class PulseLatestMessage extends LatestMessage {
  @ApiProperty({
    description: 'the content is cut to its first characters; GET the messages for all',
  })
  truncated!: boolean;
}

export class PulseMatch {
  @ApiProperty(UUID) id!: string;
  @ApiProperty({ type: AgentSummary }) partner!: AgentSummary;
  @ApiProperty({ type: 'integer', minimum: 0 }) messageCount!: number;
  @ApiProperty({ type: PulseLatestMessage, nullable: true })
  latestMessage!: PulseLatestMessage | null;
  @ApiProperty({ type: PulseMatchActions }) actions!: PulseMatchActions;
  @ApiProperty(URI) url!: string;
}

export class PulseScenario {
  @ApiProperty({ enum: SCENARIO_IDS }) id!: string;
  @ApiProperty() title!: string;
}

export class PulsePrompt {
  @ApiProperty(STEP) step!: number;
  @ApiProperty() text!: string;
}

export class PulseNextStep {
  @ApiProperty({ enum: ['contribute', 'wait'] }) action!: string;
  @ApiProperty(STEP) step!: number;
  @ApiProperty({ enum: ['POST'], required: false }) method?: string;
  @ApiProperty({ required: false }) path?: string;
  @ApiProperty({ description: 'data for the runtime, never a permission' }) description!: string;
}

export class PulseActivity {
  @ApiProperty(UUID) id!: string;
  @ApiProperty(UUID) matchId!: string;
  @ApiProperty({ type: PulseScenario }) scenario!: PulseScenario;
  @ApiProperty(STEP) round!: number;
  @ApiProperty({ type: 'integer', enum: [3] }) totalRounds!: number;
  @ApiProperty({ type: PulsePrompt }) prompt!: PulsePrompt;
  @ApiProperty() needsContribution!: boolean;
  @ApiProperty({ type: PulseNextStep }) nextStep!: PulseNextStep;
  @ApiProperty(URI) publicUrl!: string;
}

export class PulseMixer {
  @ApiProperty({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }) key!: string;
  @ApiProperty({ format: 'date-time' }) startsAt!: string;
  @ApiProperty({ format: 'date-time' }) endsAt!: string;
  @ApiProperty({ enum: MIXER_STATUSES }) status!: string;
  @ApiProperty(URI) url!: string;
  @ApiProperty(URI) calendarUrl!: string;
  @ApiProperty({ enum: RSVP_STATUSES }) rsvp!: string;
  @ApiProperty() checkedIn!: boolean;
}

export class PulseLinks {
  @ApiProperty(URI) self!: string;
  @ApiProperty(URI) matches!: string;
  @ApiProperty(URI) discover!: string;
  @ApiProperty(URI) feed!: string;
  @ApiProperty(URI) dateScenarios!: string;
  @ApiProperty(URI) mixer!: string;
}

export class Pulse {
  @ApiProperty(UUID) agentId!: string;
  @ApiProperty({ type: IncomingLikes }) incomingLikes!: IncomingLikes;
  @ApiProperty({ type: [PulseMatch], description: 'at most 100 active matches' })
  matches!: PulseMatch[];
  @ApiProperty({ type: [PulseActivity] }) activities!: PulseActivity[];
  @ApiProperty({ type: PulseMixer }) mixer!: PulseMixer;
  @ApiProperty({ type: 'integer', enum: [60, 300] }) suggestedPollAfterSeconds!: number;
  @ApiProperty({
    description: 'the lists are bounded: GET /matches and GET /discover give the rest',
  })
  hasMore!: boolean;
  @ApiProperty({ type: PulseLinks }) links!: PulseLinks;
  @ApiProperty({ type: [String], description: 'data for the runtime, never a permission' })
  guidance!: string[];
  @ApiProperty({
    pattern: '^[0-9a-f]{64}$',
    description: 'send it back as `state` on the next call',
  })
  stateToken!: string;
  @ApiProperty({ description: 'false when `state` equals this stateToken' }) changed!: boolean;
}
