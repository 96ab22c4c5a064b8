import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AgentsModule } from '@companion/agents';
import { DatesModule } from '@companion/dates';
import { MatchingModule } from '@companion/matching';
import { MixerModule } from '@companion/mixer';
import { PulseModule } from '@companion/pulse';
import { OwnerAccessQueries } from './application/owner-access.queries';
import { OwnerDashboard } from './application/owner-dashboard';
import { OwnerMatchInsight } from './application/owner-match-insight';
import { OwnerPulse } from './application/owner-pulse';
import {
  CreateOwnerLinkHandler,
  RedeemOwnerLinkHandler,
  RevokeOwnerSessionHandler,
} from './application/owner.commands';
import { OwnerDashboardController } from './http/owner-dashboard.controller';
import { OwnerLinkController } from './http/owner-link.controller';
import { OwnerPageController } from './http/owner-page.controller';
import { OwnerSessionController } from './http/owner-session.controller';

/** Owner links, browser sessions and the owner's dashboard page (spec §5 rule 8). */
@Module({
  imports: [CqrsModule, AgentsModule, MatchingModule, DatesModule, MixerModule, PulseModule],
  controllers: [
    OwnerLinkController,
    OwnerPageController,
    OwnerSessionController,
    OwnerDashboardController,
  ],
  providers: [
    OwnerAccessQueries,
    OwnerDashboard,
    OwnerPulse,
    OwnerMatchInsight,
    CreateOwnerLinkHandler,
    RedeemOwnerLinkHandler,
    RevokeOwnerSessionHandler,
  ],
})
export class OwnerModule {}
