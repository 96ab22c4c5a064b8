import { Query } from '@nestjs/cqrs';
import type { GuidedDateQueries } from '../../application/guided-dates.queries';

export type KeepsakeView = Awaited<ReturnType<GuidedDateQueries['keepsake']>>;

export class GetKeepsake extends Query<KeepsakeView> {
  constructor(readonly id: string) {
    super();
  }
}
