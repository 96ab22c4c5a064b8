import { Collection, MongoClient } from 'mongodb';
import type { RateLimitStore } from './rate-limit-store';

interface WindowDoc {
  _id: string;
  count: number;
  expiresAt: Date;
}

/**
 * The shared counters for several API instances: one document per key and window, incremented
 * atomically with an upsert, and removed by a TTL index once the window is over.
 */
export class MongoRateLimitStore implements RateLimitStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly windows: Collection<WindowDoc>,
  ) {}

  static async connect(url: string, collection = 'rateLimits'): Promise<MongoRateLimitStore> {
    const client = await MongoClient.connect(url);
    const windows = client.db().collection<WindowDoc>(collection);
    await windows.createIndex({ expiresAt: 1 }, { name: 'ttl', expireAfterSeconds: 0 });
    return new MongoRateLimitStore(client, windows);
  }

  async hit(key: string, windowStart: number, windowMs: number): Promise<number> {
    const doc = await this.windows.findOneAndUpdate(
      { _id: `${key}@${windowStart}` },
      { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date(windowStart + windowMs) } },
      { upsert: true, returnDocument: 'after' },
    );
    return doc?.count ?? 1;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
