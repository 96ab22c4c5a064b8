import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig, CONFIG } from '../config/config';
import { MongoRateLimitStore } from './mongo-rate-limit-store';
import { InMemoryRateLimitStore, RATE_LIMIT_STORE, RateLimitStore } from './rate-limit-store';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimiter } from './rate-limiter';

class RateLimitStoreCloser implements OnApplicationShutdown {
  constructor(@Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore) {}
  onApplicationShutdown(): Promise<void> {
    return this.store.close();
  }
}

/** Rate limits: in memory in the embedded mode (one API process), in MongoDB when several share it. */
@Global()
@Module({
  providers: [
    {
      provide: RATE_LIMIT_STORE,
      inject: [CONFIG],
      useFactory: (config: AppConfig): Promise<RateLimitStore> | RateLimitStore =>
        config.mongoUrl && config.rateLimits
          ? MongoRateLimitStore.connect(config.mongoUrl)
          : new InMemoryRateLimitStore(),
    },
    RateLimiter,
    RateLimitGuard,
    RateLimitStoreCloser,
  ],
  exports: [RateLimiter, RateLimitGuard],
})
export class RateLimitModule {}
