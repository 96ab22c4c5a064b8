import { Command } from '@nestjs/cqrs';
import type { MixerAction, MixerQueries, MixerActionResult } from '@companion/mixer';

/** The owner changes the RSVP of the session's agent to a mixer occurrence. */
export class ChangeRsvp extends Command<ChangeRsvpResult> {
  constructor(
    readonly agentId: string,
    readonly key: string,
    readonly action: MixerAction,
  ) {
    super();
  }
}

/** The same answer as POST /api/v1/mixer/{key}/rsvp. */
export interface ChangeRsvpResult {
  mixer: Awaited<ReturnType<MixerQueries['view']>>;
  rsvp: MixerActionResult['rsvp'];
}
