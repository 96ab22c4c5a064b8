import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AgentsModule } from '@companion/agents';
import { MixerModule } from '@companion/mixer';
import { CandidateIndex } from './application/candidate-index';
import { BlockAgentHandler, UnblockAgentHandler } from './application/blocking.commands';
import { BlockQueries } from './application/blocks.queries';
import { MatchAccess } from './application/match-access';
import {
  RateChemistryHandler,
  SendMessageHandler,
  SwipeHandler,
} from './application/matching.commands';
import { MatchingQueries } from './application/matching.queries';
import { BlocksController } from './http/blocks.controller';
import { RankingWorkers } from './application/ranking-workers';
import { AppConfig, CONFIG } from '@companion/platform';
import {
  LeaderboardController,
  MatchesController,
  SwipeController,
} from './http/matching.controller';
import { DiscoverController } from './queries/discover/discover.controller';
import { GetDiscoverPageHandler } from './queries/discover/discover.handler';
import { DiscoveryReader } from './queries/discover/discovery.reader';

@Module({
  imports: [CqrsModule, AgentsModule, MixerModule],
  controllers: [
    DiscoverController,
    SwipeController,
    MatchesController,
    LeaderboardController,
    BlocksController,
  ],
  providers: [
    CandidateIndex,
    MatchAccess,
    MatchingQueries,
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
    BlockQueries,
  ],
  exports: [MatchAccess, MatchingQueries, CandidateIndex],
})
export class MatchingModule {}
