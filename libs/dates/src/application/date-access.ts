import { Injectable } from '@nestjs/common';
import { forbidden, notFound } from '@companion/platform';
import { ReadModels } from '@companion/read-store';
import { ACTIVITIES, ActivityDoc } from '../projections/guided-dates.projection';

/** Date mutations need a participant of that date (spec §5.5): 404 unknown, 403 anyone else. */
@Injectable()
export class DateAccess {
  constructor(private readonly readModels: ReadModels) {}

  async forParticipant(activityId: string, agentId: string): Promise<ActivityDoc> {
    const activity = await this.readModels.get<ActivityDoc>(ACTIVITIES, activityId);
    if (!activity) throw notFound('activity_not_found', 'no such guided date');
    if (!activity.agentIds.includes(agentId))
      throw forbidden('not_a_participant', 'only the two participants of this date may do this');
    return activity;
  }
}
