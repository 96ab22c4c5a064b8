import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { MIXER_ACTIONS, MixerAction } from '@companion/mixer';

export class RedeemOwnerLinkDto {
  /** The fragment of the owner URL. Its format is checked by the handler: a malformed one is a 401 like any unknown secret. */
  @IsString()
  @MaxLength(200)
  secret!: string;
}

/** The same body as POST /api/v1/mixer/{key}/rsvp. */
export class OwnerRsvpDto {
  @ApiProperty({ enum: MIXER_ACTIONS })
  @IsIn(MIXER_ACTIONS)
  action!: MixerAction;
}
