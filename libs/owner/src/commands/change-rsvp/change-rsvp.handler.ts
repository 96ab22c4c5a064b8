import { Injectable } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ActOnMixer, MixerActionResult, MixerQueries } from '@companion/mixer';
import { ChangeRsvp, ChangeRsvpResult } from './change-rsvp.command';

/**
 * The mixer's own command on behalf of the session's agent (its write goes through the mixer's
 * handler): the same rules, codes and answer as POST /api/v1/mixer/{key}/rsvp.
 */
@Injectable()
@CommandHandler(ChangeRsvp)
export class ChangeRsvpHandler implements ICommandHandler<ChangeRsvp> {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly mixer: MixerQueries,
  ) {}

  async execute({ agentId, key, action }: ChangeRsvp): Promise<ChangeRsvpResult> {
    const result: MixerActionResult = await this.commandBus.execute(
      new ActOnMixer(key, agentId, action),
    );
    return {
      mixer: await this.mixer.view(result.occurrence, agentId, result.rsvp),
      rsvp: result.rsvp,
    };
  }
}
