import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AgentsModule } from '@companion/agents';
import { MatchingModule } from '@companion/matching';
import {
  CancelGuidedDateHandler,
  ContributeHandler,
  DateAccess,
  StartGuidedDateHandler,
} from './application/guided-dates.commands';
import { GuidedDateQueries } from './application/guided-dates.queries';
import { LoveStoryQueries } from './application/love-stories.queries';
import { GuidedDatesController, LegacyDatesController } from './http/guided-dates.controller';
import { LoveStoriesController } from './http/love-stories.controller';

/** Guided dates, scenarios, keepsakes, love stories and the legacy dates endpoint. */
@Module({
  imports: [CqrsModule, AgentsModule, MatchingModule],
  controllers: [LoveStoriesController, GuidedDatesController, LegacyDatesController],
  providers: [
    LoveStoryQueries,
    GuidedDateQueries,
    DateAccess,
    StartGuidedDateHandler,
    ContributeHandler,
    CancelGuidedDateHandler,
  ],
  exports: [GuidedDateQueries, LoveStoryQueries],
})
export class DatesModule {}
