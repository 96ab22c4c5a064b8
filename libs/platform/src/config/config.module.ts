import { DynamicModule, Global, Module } from '@nestjs/common';
import { Clock, CLOCK, SystemClock } from '../clock/clock';
import { AppConfig, CONFIG, loadConfig } from './config';

/** Configuration and the clock, injectable everywhere; tests pass their own. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(options: { config?: AppConfig; clock?: Clock } = {}): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: CONFIG, useValue: options.config ?? loadConfig() },
        { provide: CLOCK, useValue: options.clock ?? new SystemClock() },
      ],
      exports: [CONFIG, CLOCK],
    };
  }
}
