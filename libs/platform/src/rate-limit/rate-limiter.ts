import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, Clock } from '../clock/clock';
import { AppConfig, CONFIG } from '../config/config';
import { tooMany } from '../domain';
import { LIMITS } from '../limits';
import { RATE_LIMIT_STORE, RateLimitStore } from './rate-limit-store';

export type RateLimitName = keyof typeof LIMITS.rate;

/**
 * The one place where limits are counted and enforced, by the HTTP guard and by the command
 * handlers that every transport shares (so /ws messages count with REST messages).
 */
@Injectable()
export class RateLimiter {
  constructor(
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Counts one request; throws a 429 DomainError with Retry-After when the window is full. */
  async consume(name: RateLimitName, subject: string): Promise<void> {
    if (!this.config.rateLimits) return;
    const { limit, windowMs } = LIMITS.rate[name];
    const now = this.clock.now().getTime();
    const windowStart = now - (now % windowMs);
    const count = await this.store.hit(`${name}:${subject}`, windowStart, windowMs);
    if (count > limit) {
      const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
      throw tooMany(
        'rate_limited',
        `rate limit: ${limit} ${name} requests per ${windowMs / 1000} s; retry after ${retryAfter} s`,
        retryAfter,
      );
    }
  }
}
