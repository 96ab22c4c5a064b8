import { Controller, Get, UseGuards, UseInterceptors } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiExcludeController } from '@nestjs/swagger';
import { OpenOwnerSession } from '../../application/owner-access.queries';
import { OwnerHeadersInterceptor } from '../../http/owner-headers.interceptor';
import { CurrentOwnerSession, OwnerSessionGuard } from '../../http/owner-request.guards';
import { GetOwnerDashboard } from './owner-dashboard.query';

/**
 * What an owner session may do (spec §5 rule 8): read the dashboard (here), change the RSVP and
 * disconnect (commands/change-rsvp, commands/revoke-owner-session). Nothing under /owner posts a
 * message or reads a key, and the cookie authenticates nothing under /api/v1.
 */
@ApiExcludeController()
@Controller('owner/api')
@UseInterceptors(OwnerHeadersInterceptor)
export class OwnerDashboardController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('dashboard')
  @UseGuards(OwnerSessionGuard)
  async view(@CurrentOwnerSession() session: OpenOwnerSession) {
    return this.queryBus.execute(new GetOwnerDashboard(session));
  }
}
