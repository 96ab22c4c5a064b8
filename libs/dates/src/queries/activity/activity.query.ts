import { Query } from '@nestjs/cqrs';
import type { GuidedDateView } from '../../application/activity.view';

/** A guided date; `viewerId`, when a participant, personalises `needsContribution` and `nextStep`. */
export class GetActivity extends Query<GuidedDateView> {
  constructor(
    readonly activityId: string,
    readonly viewerId?: string,
  ) {
    super();
  }
}
