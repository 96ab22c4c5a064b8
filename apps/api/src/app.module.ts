import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import { AgentsModule } from '@companion/agents';
import { DatesModule } from '@companion/dates';
import { FeedModule } from '@companion/feed';
import { MatchingModule } from '@companion/matching';
import { MixerModule } from '@companion/mixer';
import { OwnerModule } from '@companion/owner';
import { PulseModule } from '@companion/pulse';
import {
  AppConfig,
  Clock,
  ConfigModule,
  HttpErrorFilter,
  IdempotentAnswers,
  loadConfig,
  loggerParams,
  PersistenceModule,
  RateLimitModule,
  RequestLogging,
} from '@companion/platform';
import { RealtimeModule } from '@companion/realtime';
import { ReportsModule } from '@companion/reports';
import { SiteModule } from '@companion/site';
import { HealthController } from './health.controller';
import { buildProjections } from '@companion/all-projections';

export interface AppOptions {
  config?: AppConfig;
  clock?: Clock;
}

/** The composition of the context modules. */
@Module({})
export class AppModule {
  static forRoot(options: AppOptions = {}): DynamicModule {
    const config = options.config ?? loadConfig();
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot(loggerParams(config)),
        ConfigModule.forRoot({ ...options, config }),
        PersistenceModule.forRoot({ projections: buildProjections(config) }),
        CqrsModule.forRoot(),
        RateLimitModule,
        AgentsModule,
        MatchingModule,
        FeedModule,
        DatesModule,
        MixerModule,
        PulseModule,
        OwnerModule,
        RealtimeModule,
        ReportsModule,
        SiteModule,
      ],
      controllers: [HealthController],
      providers: [
        { provide: APP_FILTER, useClass: HttpErrorFilter },
        // Records the answers of the writes that `@AgentWrite()` marks (docs/idempotency.md).
        IdempotentAnswers,
        // The request line and the request id of Nest's lines (libs/platform/src/logging).
        RequestLogging,
      ],
    };
  }
}
