import { Command } from '@nestjs/cqrs';
import type { CommandScope } from '@companion/platform';
import type { MixerOccurrence } from '../../domain/mixer-occurrence';
import type { MixerAction, RsvpStatus } from '../../domain/mixer-rsvp';

export interface MixerActionResult {
  occurrence: MixerOccurrence;
  rsvp: RsvpStatus;
}

/** RSVP, CANCEL or CHECK_IN for the occurrence `key` (spec §4, Mixer). */
export class ActOnMixer extends Command<MixerActionResult> {
  constructor(
    readonly key: string,
    readonly agentId: string,
    readonly action: MixerAction,
    /** The request's Idempotency-Key scope, when it has one (`CommandContext.scope`). */
    readonly scope?: CommandScope,
  ) {
    super();
  }
}
