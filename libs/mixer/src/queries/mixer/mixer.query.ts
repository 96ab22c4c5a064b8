import { Query } from '@nestjs/cqrs';
import type { MixerView } from '../../application/mixer.queries';
import type { RsvpStatus } from '../../domain/mixer-rsvp';

/**
 * The occurrence of `week` (the first Saturday on or after it), or the current or next one without
 * it, as `callerId` sees it. `own` is the caller's RSVP as a command just decided it, which answers
 * even when the read models were too slow to show that write.
 */
export class GetMixer extends Query<MixerView> {
  constructor(
    readonly callerId: string | undefined,
    readonly week?: string,
    readonly own?: RsvpStatus,
  ) {
    super();
  }
}
