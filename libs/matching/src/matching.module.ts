import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AgentsModule } from '@companion/agents';
import { MixerModule } from '@companion/mixer';
import { AppConfig, CONFIG } from '@companion/platform';
import { BlockQueries } from './application/blocks.queries';
import { CandidateIndex } from './application/candidate-index';
import { MatchAccess } from './application/match-access';
import { MatchingQueries } from './application/matching.queries';
import { RankingWorkers } from './application/ranking-workers';
import { BlockAgentController } from './commands/block-agent/block-agent.controller';
import { BlockAgentHandler } from './commands/block-agent/block-agent.handler';
import { RateChemistryController } from './commands/rate-chemistry/rate-chemistry.controller';
import { RateChemistryHandler } from './commands/rate-chemistry/rate-chemistry.handler';
import { SendMessageController } from './commands/send-message/send-message.controller';
import { SendMessageHandler } from './commands/send-message/send-message.handler';
import { SwipeController } from './commands/swipe/swipe.controller';
import { SwipeHandler } from './commands/swipe/swipe.handler';
import { UnblockAgentController } from './commands/unblock-agent/unblock-agent.controller';
import { UnblockAgentHandler } from './commands/unblock-agent/unblock-agent.handler';
import { DiscoverController } from './queries/discover/discover.controller';
import { GetDiscoverPageHandler } from './queries/discover/discover.handler';
import { DiscoveryReader } from './queries/discover/discovery.reader';
import { BlockListController } from './queries/block-list/block-list.controller';
import { GetBlockListHandler } from './queries/block-list/block-list.handler';
import { LeaderboardController } from './queries/leaderboard/leaderboard.controller';
import { GetLeaderboardHandler } from './queries/leaderboard/leaderboard.handler';
import { MatchDetailController } from './queries/match-detail/match-detail.controller';
import { GetMatchDetailHandler } from './queries/match-detail/match-detail.handler';
import { MatchListController } from './queries/match-list/match-list.controller';
import { GetMatchListHandler } from './queries/match-list/match-list.handler';
import { MessagesController } from './queries/messages/messages.controller';
import { GetMessagesHandler } from './queries/messages/messages.handler';

@Module({
  imports: [CqrsModule, AgentsModule, MixerModule],
  controllers: [
    DiscoverController,
    SwipeController,
    MatchListController,
    MatchDetailController,
    MessagesController,
    SendMessageController,
    RateChemistryController,
    LeaderboardController,
    BlockListController,
    BlockAgentController,
    UnblockAgentController,
  ],
  providers: [
    CandidateIndex,
    MatchAccess,
    MatchingQueries,
    BlockQueries,
    DiscoveryReader,
    GetDiscoverPageHandler,
    {
      provide: RankingWorkers,
      useFactory: (config: AppConfig) =>
        new RankingWorkers(config.discoveryWorkers, config.discoveryIndexMinAgents),
      inject: [CONFIG],
    },
    SwipeHandler,
    SendMessageHandler,
    RateChemistryHandler,
    BlockAgentHandler,
    UnblockAgentHandler,
    GetMatchListHandler,
    GetMatchDetailHandler,
    GetMessagesHandler,
    GetLeaderboardHandler,
    GetBlockListHandler,
  ],
  // RankingWorkers: GET /api/health shows where the similarity index stands.
  exports: [MatchAccess, MatchingQueries, CandidateIndex, RankingWorkers],
})
export class MatchingModule {}
