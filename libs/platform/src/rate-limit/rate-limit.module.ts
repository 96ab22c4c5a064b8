import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { READ_STORE, ReadStore } from '@companion/read-store';
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

/**
 * Shared through MongoDB whenever the read store is MongoDB (MONGO_URL): every instance behind the
 * balancer counts into the same windows. The adapter's door is imported only then (openReadStore
 * has loaded it already), so the embedded mode never loads the driver.
 */
export async function rateLimitStoreFor(
  config: Pick<AppConfig, 'rateLimits' | 'mongoUrl'>,
  store: ReadStore,
): Promise<RateLimitStore> {
  if (config.rateLimits && config.mongoUrl) {
    const { MongoReadStore } = await import('@companion/read-store/mongo');
    if (store instanceof MongoReadStore) return MongoRateLimitStore.over(store.db);
  }
  return new InMemoryRateLimitStore();
}

/** Rate limits: in memory in the embedded mode (one API process), in MongoDB when several share it. */
@Global()
@Module({
  providers: [
    {
      provide: RATE_LIMIT_STORE,
      inject: [CONFIG, READ_STORE],
      useFactory: rateLimitStoreFor,
    },
    RateLimiter,
    RateLimitGuard,
    RateLimitStoreCloser,
  ],
  exports: [RateLimiter, RateLimitGuard],
})
export class RateLimitModule {}
