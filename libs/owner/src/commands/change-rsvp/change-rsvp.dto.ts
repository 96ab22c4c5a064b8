import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { MIXER_ACTIONS, MixerAction } from '@companion/mixer';

/** The same body as POST /api/v1/mixer/{key}/rsvp. */
export class OwnerRsvpDto {
  @ApiProperty({ enum: MIXER_ACTIONS })
  @IsIn(MIXER_ACTIONS)
  action!: MixerAction;
}
