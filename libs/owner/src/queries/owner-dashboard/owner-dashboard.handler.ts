import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { OwnerDashboard } from './owner-dashboard';
import { GetOwnerDashboard, OwnerDashboardView } from './owner-dashboard.query';

@Injectable()
@QueryHandler(GetOwnerDashboard)
export class GetOwnerDashboardHandler implements IQueryHandler<GetOwnerDashboard> {
  constructor(private readonly dashboard: OwnerDashboard) {}

  async execute({ session }: GetOwnerDashboard): Promise<OwnerDashboardView> {
    return {
      ...(await this.dashboard.for(session.agentId)),
      session: { expiresAt: session.expiresAt },
    };
  }
}
