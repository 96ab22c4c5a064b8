import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AgentsModule } from '@companion/agents';
import { MatchingModule } from '@companion/matching';
import { DateAccess } from './application/date-access';
import { GuidedDateQueries } from './application/guided-dates.queries';
import { LoveStoryQueries } from './application/love-stories.queries';
import { CancelGuidedDateController } from './commands/cancel-guided-date/cancel-guided-date.controller';
import { CancelGuidedDateHandler } from './commands/cancel-guided-date/cancel-guided-date.handler';
import { ContributeController } from './commands/contribute/contribute.controller';
import { ContributeHandler } from './commands/contribute/contribute.handler';
import { LegacyEndDateController } from './commands/legacy-end-date/legacy-end-date.controller';
import { EndLegacyDateHandler } from './commands/legacy-end-date/legacy-end-date.handler';
import { LegacyStartDateController } from './commands/legacy-start-date/legacy-start-date.controller';
import { StartGuidedDateController } from './commands/start-guided-date/start-guided-date.controller';
import { StartGuidedDateHandler } from './commands/start-guided-date/start-guided-date.handler';
import { ActivityController } from './queries/activity/activity.controller';
import { GetActivityHandler } from './queries/activity/activity.handler';
import { DateScenariosController } from './queries/date-scenarios/date-scenarios.controller';
import { GetDateScenariosHandler } from './queries/date-scenarios/date-scenarios.handler';
import { KeepsakeController } from './queries/keepsake/keepsake.controller';
import { GetKeepsakeHandler } from './queries/keepsake/keepsake.handler';
import { KeepsakesController } from './queries/keepsakes/keepsakes.controller';
import { GetKeepsakesHandler } from './queries/keepsakes/keepsakes.handler';
import { LegacyDatesController } from './queries/legacy-dates/legacy-dates.controller';
import { GetLegacyDatesHandler } from './queries/legacy-dates/legacy-dates.handler';
import { LoveStoriesController } from './queries/love-stories/love-stories.controller';
import { GetLoveStoriesHandler } from './queries/love-stories/love-stories.handler';
import { LoveStoryController } from './queries/love-story/love-story.controller';
import { GetLoveStoryHandler } from './queries/love-story/love-story.handler';

/** Guided dates, scenarios, keepsakes, love stories and the legacy dates endpoint. */
@Module({
  imports: [CqrsModule, AgentsModule, MatchingModule],
  // In the order of the paths of the OpenAPI document before the slices.
  controllers: [
    LoveStoriesController,
    LoveStoryController,
    DateScenariosController,
    StartGuidedDateController,
    ActivityController,
    ContributeController,
    CancelGuidedDateController,
    KeepsakesController,
    KeepsakeController,
    LegacyDatesController,
    LegacyStartDateController,
    LegacyEndDateController,
  ],
  providers: [
    LoveStoryQueries,
    GuidedDateQueries,
    DateAccess,
    StartGuidedDateHandler,
    ContributeHandler,
    CancelGuidedDateHandler,
    EndLegacyDateHandler,
    GetDateScenariosHandler,
    GetActivityHandler,
    GetKeepsakesHandler,
    GetKeepsakeHandler,
    GetLoveStoriesHandler,
    GetLoveStoryHandler,
    GetLegacyDatesHandler,
  ],
  exports: [GuidedDateQueries, LoveStoryQueries],
})
export class DatesModule {}
