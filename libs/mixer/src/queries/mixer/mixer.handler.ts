import { Inject, Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CLOCK, Clock } from '@companion/platform';
import { MixerQueries, MixerView } from '../../application/mixer.queries';
import { currentOrNextOccurrence, occurrenceForWeek } from '../../domain/mixer-occurrence';
import { GetMixer } from './mixer.query';

@Injectable()
@QueryHandler(GetMixer)
export class GetMixerHandler implements IQueryHandler<GetMixer, MixerView> {
  constructor(
    private readonly queries: MixerQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ callerId, week, own }: GetMixer): Promise<MixerView> {
    const occurrence =
      week === undefined ? currentOrNextOccurrence(this.clock.now()) : occurrenceForWeek(week);
    return this.queries.view(occurrence, callerId, own);
  }
}
