import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AgentsModule } from '@companion/agents';
import { MixerModule } from '@companion/mixer';
import { CandidateIndex } from './application/candidate-index';
import { BlockQueries } from './application/blocks.queries';
import { MatchAccess } from './application/match-access';
import { BlockAgentController } from './commands/block-agent/block-agent.controller';
import { BlockAgentHandler } from './commands/block-agent/block-agent.handler';
import { UnblockAgentController } from './commands/unblock-agent/unblock-agent.controller';
import { UnblockAgentHandler } from './commands/unblock-agent/unblock-agent.handler';
import { BlockListController } from './queries/block-list/block-list.controller';
import { GetBlockListHandler } from './queries/block-list/block-list.handler';
import { RateChemistryController } from './commands/rate-chemistry/rate-chemistry.controller';
import { RateChemistryHandler } from './commands/rate-chemistry/rate-chemistry.handler';
import { SendMessageController } from './commands/send-message/send-message.controller';
import { SendMessageHandler } from './commands/send-message/send-message.handler';
import { SwipeController } from './commands/swipe/swipe.controller';
import { SwipeHandler } from './commands/swipe/swipe.handler';
import { MatchingQueries } from './application/matching.queries';
import { RankingWorkers } from './application/ranking-workers';
import { AppConfig, CONFIG } from '@companion/platform';
import {
  DiscoveryController,
  LeaderboardController,
  MatchesController,
} from './http/matching.controller';

@Module({
  imports: [CqrsModule, AgentsModule, MixerModule],
  controllers: [
    DiscoveryController,
    SwipeController,
    MatchesController,
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
    {
      provide: RankingWorkers,
      useFactory: (config: AppConfig) => new RankingWorkers(config.discoveryWorkers),
      inject: [CONFIG],
    },
    SwipeHandler,
    SendMessageHandler,
    RateChemistryHandler,
    BlockAgentHandler,
    UnblockAgentHandler,
    BlockQueries,
    GetBlockListHandler,
  ],
  exports: [MatchAccess, MatchingQueries, CandidateIndex],
})
export class MatchingModule {}
