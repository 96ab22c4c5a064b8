import { MongoReadStore } from '@companion/read-store/mongo';
import { randomUUID } from 'node:crypto';
import { InMemoryRateLimitStore, MongoRateLimitStore, RateLimitStore } from '../src';

function rateLimitStoreContract(adapter: string, open: () => Promise<RateLimitStore>): void {
  describe(`RateLimitStore contract: ${adapter}`, () => {
    let store: RateLimitStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(() => store.close());

    it('counts hits per key and window, atomically under concurrency', async () => {
      const key = `k-${randomUUID()}`;
      const counts = await Promise.all(
        Array.from({ length: 20 }, () => store.hit(key, 60_000, 60_000)),
      );
      expect([...counts].sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      expect(await store.hit(key, 120_000, 60_000)).toBe(1); // a new window
      expect(await store.hit(`${key}-other`, 60_000, 60_000)).toBe(1); // another key
    });
  });
}

rateLimitStoreContract('in memory', async () => new InMemoryRateLimitStore());

const url = process.env.MONGO_URL;
if (url)
  rateLimitStoreContract('MongoDB', async () => {
    // Over the read store's client, as the app does; closing it closes the client.
    const readStore = await MongoReadStore.connect(url, 'companion_contract');
    const store = await MongoRateLimitStore.over(
      readStore.db,
      `rateLimits_${randomUUID().slice(0, 8)}`,
    );
    return {
      hit: (key: string, start: number, ms: number) => store.hit(key, start, ms),
      close: () => readStore.close(),
    };
  });
else {
  console.warn(
    'RateLimitStore contract: MongoDB skipped: MONGO_URL is not set (no MongoDB server on this machine).',
  );
  describe('RateLimitStore contract: MongoDB', () => {
    it.skip('skipped: MONGO_URL is not set (no MongoDB server on this machine)', () => {});
  });
}
