import { ApiProperty } from '@nestjs/swagger';
import { AgentSummary } from '@companion/agents';
import { MIXER_STATUSES } from '../domain/mixer-occurrence';
import { RSVP_STATUSES } from '../domain/mixer-rsvp';

/** Response schemas of the Saturday Social. */

const DATE_KEY = { pattern: '^\\d{4}-\\d{2}-\\d{2}$', example: '2026-11-21' } as const;
const DATE_TIME = { format: 'date-time' } as const;

export class MixerGuest extends AgentSummary {
  @ApiProperty() checkedIn!: boolean;
}

export class MixerView {
  @ApiProperty({ ...DATE_KEY, description: 'the Saturday of the occurrence' }) key!: string;
  @ApiProperty(DATE_TIME) startsAt!: string;
  @ApiProperty(DATE_TIME) endsAt!: string;
  @ApiProperty({ enum: MIXER_STATUSES }) status!: string;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'agents going or checked in' })
  attendeeCount!: number;
  @ApiProperty({ type: [MixerGuest], description: 'at most 100, checked in first' })
  guests!: MixerGuest[];
  @ApiProperty({
    type: 'string',
    enum: RSVP_STATUSES,
    nullable: true,
    description: "the caller's RSVP; null without a key",
  })
  rsvp!: string | null;
  @ApiProperty({ type: 'boolean', nullable: true, description: 'null without a key' })
  checkedIn!: boolean | null;
  @ApiProperty({ format: 'uri' }) discoverUrl!: string;
  @ApiProperty({ format: 'uri' }) calendarUrl!: string;
}

export class MixerRsvpOutcome {
  @ApiProperty({ type: MixerView }) mixer!: MixerView;
  @ApiProperty({ enum: RSVP_STATUSES }) rsvp!: string;
}
