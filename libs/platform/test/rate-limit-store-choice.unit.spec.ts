import type { MongoClient } from 'mongodb';
import type { ReadStore } from '@companion/read-store';
import { MongoReadStore } from '@companion/read-store/mongo';
import { InMemoryRateLimitStore, MongoRateLimitStore, rateLimitStoreFor } from '../src';

/** A MongoDB read store over a client that records the one call the shared counters make at start. */
function mongoReadStore(indexes: string[]): MongoReadStore {
  const db = {
    collection: (name: string) => ({
      createIndex: async (keys: object, options: { name: string }) => {
        indexes.push(`${name} ${JSON.stringify(keys)} ${options.name}`);
        return options.name;
      },
    }),
  };
  return MongoReadStore.over({ db: () => db } as unknown as MongoClient);
}

describe('rateLimitStoreFor: where the rate-limit windows are counted', () => {
  it('in memory on the embedded stores', async () => {
    const store = await rateLimitStoreFor({ rateLimits: true }, {} as ReadStore);
    expect(store).toBeInstanceOf(InMemoryRateLimitStore);
  });

  it('in MongoDB, shared by every instance, when the read store is MongoDB', async () => {
    const indexes: string[] = [];
    const store = await rateLimitStoreFor(
      { rateLimits: true, mongoUrl: 'mongodb://mongo/companion' },
      mongoReadStore(indexes),
    );
    expect(store).toBeInstanceOf(MongoRateLimitStore);
    expect(indexes).toEqual(['rateLimits {"expiresAt":1} ttl']);
  });

  it('in memory when rate limits are off, whatever the read store', async () => {
    const indexes: string[] = [];
    const store = await rateLimitStoreFor(
      { rateLimits: false, mongoUrl: 'mongodb://mongo/companion' },
      mongoReadStore(indexes),
    );
    expect(store).toBeInstanceOf(InMemoryRateLimitStore);
    expect(indexes).toEqual([]);
  });
});
