import { Query } from '@nestjs/cqrs';
import type { GuidedDateView } from '../../application/activity.view';

/** The answer of `GET /matches/{id}/dates`: the match's guided dates and where their successor lives. */
export interface LegacyDatesView {
  legacy: true;
  successor: string;
  dates: GuidedDateView[];
}

export class GetLegacyDates extends Query<LegacyDatesView> {
  constructor(
    readonly matchId: string,
    readonly agentId: string,
  ) {
    super();
  }
}
