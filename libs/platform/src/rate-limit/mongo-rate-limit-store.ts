import type { Collection, Db } from 'mongodb';
import type { RateLimitStore } from './rate-limit-store';

interface WindowDoc {
  _id: string;
  count: number;
  expiresAt: Date;
}

/**
 * The shared counters for several API instances: one document per key and window, incremented
 * atomically with an upsert, and removed by a TTL index once the window is over. It uses the read
 * store's database and client (one connection pool and one set of timeouts per process); the
 * client is the read store's to close.
 */
export class MongoRateLimitStore implements RateLimitStore {
  private constructor(private readonly windows: Collection<WindowDoc>) {}

  static async over(db: Db, collection = 'rateLimits'): Promise<MongoRateLimitStore> {
    const windows = db.collection<WindowDoc>(collection);
    await windows.createIndex({ expiresAt: 1 }, { name: 'ttl', expireAfterSeconds: 0 });
    return new MongoRateLimitStore(windows);
  }

  async hit(key: string, windowStart: number, windowMs: number): Promise<number> {
    const doc = await this.windows.findOneAndUpdate(
      { _id: `${key}@${windowStart}` },
      { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date(windowStart + windowMs) } },
      { upsert: true, returnDocument: 'after' },
    );
    return doc?.count ?? 1;
  }

  async close(): Promise<void> {}
}
