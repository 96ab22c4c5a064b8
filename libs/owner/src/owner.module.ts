import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AgentsModule } from '@companion/agents';
import { DatesModule } from '@companion/dates';
import { MatchingModule } from '@companion/matching';
import { MixerModule } from '@companion/mixer';
import { PulseModule } from '@companion/pulse';
import { OwnerAccessQueries } from './application/owner-access.queries';
import { ChangeRsvpController } from './commands/change-rsvp/change-rsvp.controller';
import { ChangeRsvpHandler } from './commands/change-rsvp/change-rsvp.handler';
import { CreateOwnerLinkController } from './commands/create-owner-link/create-owner-link.controller';
import { CreateOwnerLinkHandler } from './commands/create-owner-link/create-owner-link.handler';
import { RedeemOwnerLinkController } from './commands/redeem-owner-link/redeem-owner-link.controller';
import { RedeemOwnerLinkHandler } from './commands/redeem-owner-link/redeem-owner-link.handler';
import { RevokeOwnerSessionController } from './commands/revoke-owner-session/revoke-owner-session.controller';
import { RevokeOwnerSessionHandler } from './commands/revoke-owner-session/revoke-owner-session.handler';
import { OwnerDashboard } from './queries/owner-dashboard/owner-dashboard';
import { OwnerDashboardController } from './queries/owner-dashboard/owner-dashboard.controller';
import { GetOwnerDashboardHandler } from './queries/owner-dashboard/owner-dashboard.handler';
import { OwnerMatchInsight } from './queries/owner-dashboard/owner-match-insight';
import { OwnerPulse } from './queries/owner-dashboard/owner-pulse';
import { OwnerPageController } from './queries/owner-page/owner-page.controller';

/** Owner links, browser sessions and the owner's dashboard page (spec §5 rule 8). */
@Module({
  imports: [CqrsModule, AgentsModule, MatchingModule, DatesModule, MixerModule, PulseModule],
  controllers: [
    CreateOwnerLinkController,
    OwnerPageController,
    RedeemOwnerLinkController,
    OwnerDashboardController,
    ChangeRsvpController,
    RevokeOwnerSessionController,
  ],
  providers: [
    OwnerAccessQueries,
    OwnerDashboard,
    OwnerPulse,
    OwnerMatchInsight,
    CreateOwnerLinkHandler,
    RedeemOwnerLinkHandler,
    RevokeOwnerSessionHandler,
    ChangeRsvpHandler,
    GetOwnerDashboardHandler,
  ],
})
export class OwnerModule {}
