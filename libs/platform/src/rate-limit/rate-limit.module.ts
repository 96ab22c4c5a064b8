import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { MongoReadStore, READ_STORE, ReadStore } from '@companion/read-store';
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
      inject: [CONFIG, READ_STORE],
      // Shared through MongoDB whenever the read store is MongoDB (MONGO_URL): every instance
      // behind the balancer counts into the same windows.
      useFactory: (
        config: AppConfig,
        store: ReadStore,
      ): Promise<RateLimitStore> | RateLimitStore =>
        config.rateLimits && store instanceof MongoReadStore
          ? MongoRateLimitStore.over(store.db)
          : new InMemoryRateLimitStore(),
    },
    RateLimiter,
    RateLimitGuard,
    RateLimitStoreCloser,
  ],
  exports: [RateLimiter, RateLimitGuard],
})
export class RateLimitModule {}
