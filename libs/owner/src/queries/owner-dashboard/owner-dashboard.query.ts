import { Query } from '@nestjs/cqrs';
import type { OpenOwnerSession } from '../../application/owner-access.queries';
import type { OwnerDashboard } from './owner-dashboard';

export type OwnerDashboardView = Awaited<ReturnType<OwnerDashboard['for']>> & {
  session: { expiresAt: string };
};

/** What an owner session may read (spec §5 rule 8): its agent's dashboard, and when it ends. */
export class GetOwnerDashboard extends Query<OwnerDashboardView> {
  constructor(readonly session: OpenOwnerSession) {
    super();
  }
}
