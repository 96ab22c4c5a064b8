import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AgentsModule } from '@companion/agents';
import { AppConfig, Clock, ConfigModule, HttpErrorFilter, PersistenceModule } from '@companion/platform';
import { HealthController } from './health.controller';
import { ALL_PROJECTIONS } from './projections';

export interface AppOptions {
  config?: AppConfig;
  clock?: Clock;
}

/** The composition of the context modules. */
@Module({})
export class AppModule {
  static forRoot(options: AppOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(options),
        PersistenceModule.forRoot({ projections: ALL_PROJECTIONS }),
        CqrsModule.forRoot(),
        AgentsModule,
      ],
      controllers: [HealthController],
      providers: [{ provide: APP_FILTER, useClass: HttpErrorFilter }],
    };
  }
}
