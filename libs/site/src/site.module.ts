import { Module } from '@nestjs/common';
import { AgentsModule } from '@companion/agents';
import { DatesModule } from '@companion/dates';
import { FeedModule } from '@companion/feed';
import { MatchingModule } from '@companion/matching';
import { MixerModule } from '@companion/mixer';
import { NOT_FOUND_PAGE } from '@companion/platform';
import { SitePages } from './application/site-pages';
import { SiteRoutes } from './http/site.routes';

/** The public site: server-rendered pages over the read models, then live from the SSE feed. */
@Module({
  imports: [AgentsModule, MatchingModule, DatesModule, FeedModule, MixerModule],
  providers: [SitePages, SiteRoutes, { provide: NOT_FOUND_PAGE, useExisting: SiteRoutes }],
  // For the application's error filter (libs/platform/src/errors/http-exception.filter.ts).
  exports: [NOT_FOUND_PAGE],
})
export class SiteModule {}
