import { Module } from '@nestjs/common';
import { AgentsModule } from '@companion/agents';
import { DatesModule } from '@companion/dates';
import { FeedModule } from '@companion/feed';
import { MatchingModule } from '@companion/matching';
import { MixerModule } from '@companion/mixer';
import { SitePages } from './application/site-pages';
import { SiteRoutes } from './http/site.routes';

/** The public site: server-rendered pages over the read models, then live from the SSE feed. */
@Module({
  imports: [AgentsModule, MatchingModule, DatesModule, FeedModule, MixerModule],
  providers: [SitePages, SiteRoutes],
})
export class SiteModule {}
