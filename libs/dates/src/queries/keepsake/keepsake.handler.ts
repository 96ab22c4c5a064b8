import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { GuidedDateQueries } from '../../application/guided-dates.queries';
import { GetKeepsake, KeepsakeView } from './keepsake.query';

@Injectable()
@QueryHandler(GetKeepsake)
export class GetKeepsakeHandler implements IQueryHandler<GetKeepsake, KeepsakeView> {
  constructor(private readonly queries: GuidedDateQueries) {}

  execute({ id }: GetKeepsake): Promise<KeepsakeView> {
    return this.queries.keepsake(id);
  }
}
