import { MongoReadStore } from '../src/mongo/mongo-read-store';
import { readStoreContract } from '../src/testing/read-store.contract';

const url = process.env.MONGO_URL;

if (url) {
  readStoreContract('MongoDB', () => MongoReadStore.connect(url, 'companion_contract'));
} else {
  console.warn(
    'ReadStore contract: MongoDB skipped: MONGO_URL is not set (no MongoDB server on this machine).',
  );
  describe('ReadStore contract: MongoDB', () => {
    it.skip('skipped: MONGO_URL is not set (no MongoDB server on this machine)', () => {});
  });
}
