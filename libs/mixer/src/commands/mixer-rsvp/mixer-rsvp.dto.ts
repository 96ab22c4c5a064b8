import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { MIXER_ACTIONS, MixerAction } from '../../domain/mixer-rsvp';

export class MixerRsvpDto {
  @ApiProperty({ enum: MIXER_ACTIONS })
  @IsIn(MIXER_ACTIONS)
  action!: MixerAction;
}
