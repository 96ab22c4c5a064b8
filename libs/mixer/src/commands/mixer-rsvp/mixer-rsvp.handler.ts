import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, Clock, EventSourcedCommands } from '@companion/platform';
import { mixerRsvpStream } from '../../application/mixer-streams';
import { parseMixerKey } from '../../domain/mixer-occurrence';
import { mixerRsvpDecider } from '../../domain/mixer-rsvp';
import { ActOnMixer, MixerActionResult } from './mixer-rsvp.command';

/** RSVP, CANCEL and CHECK_IN. Nothing is scheduled: the events only record intent and attendance. */
@Injectable()
@CommandHandler(ActOnMixer)
export class ActOnMixerHandler implements ICommandHandler<ActOnMixer, MixerActionResult> {
  constructor(
    private readonly commands: EventSourcedCommands,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ key, agentId, action, scope }: ActOnMixer): Promise<MixerActionResult> {
    const occurrence = parseMixerKey(key);
    const { state } = await this.commands.handle(
      mixerRsvpStream(occurrence.key, agentId),
      mixerRsvpDecider,
      { action, key: occurrence.key, agentId, now: this.clock.now() },
      { actorId: agentId, scope },
    );
    return { occurrence, rsvp: state.status };
  }
}
