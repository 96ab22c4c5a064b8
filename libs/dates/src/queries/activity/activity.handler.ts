import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { GuidedDateView } from '../../application/activity.view';
import { GuidedDateQueries } from '../../application/guided-dates.queries';
import { GetActivity } from './activity.query';

@Injectable()
@QueryHandler(GetActivity)
export class GetActivityHandler implements IQueryHandler<GetActivity, GuidedDateView> {
  constructor(private readonly queries: GuidedDateQueries) {}

  execute({ activityId, viewerId }: GetActivity): Promise<GuidedDateView> {
    return this.queries.activity(activityId, viewerId);
  }
}
