import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { GuidedDateQueries } from '../../application/guided-dates.queries';
import { GetKeepsakes, KeepsakePageView } from './keepsakes.query';

@Injectable()
@QueryHandler(GetKeepsakes)
export class GetKeepsakesHandler implements IQueryHandler<GetKeepsakes, KeepsakePageView> {
  constructor(private readonly queries: GuidedDateQueries) {}

  execute({ cursor, limit }: GetKeepsakes): Promise<KeepsakePageView> {
    return this.queries.keepsakes({ cursor, limit });
  }
}
