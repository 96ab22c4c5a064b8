import { SqliteReadStore } from '../src/embedded/sqlite-read-store';
import { MongoReadStore } from '../src/mongo/mongo-read-store';
import { MongoStandIn } from './support/mongo-stand-in';

// The adapter's write plan with `after` (the stand-in records the calls; it is no MongoDB server).
describe('MongoReadStore.write with `after`', () => {
  it('sends nothing before `after` has committed, and nothing at all if it failed', async () => {
    const data = new SqliteReadStore(':memory:');
    await data.ensureCollection('docs');
    const server = new MongoStandIn(data);
    const store = MongoReadStore.over(server.client);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const waiting = store.write([{ collection: 'docs', op: 'put', doc: { _id: 'a' } }], {
      after: gate,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.calls).toEqual([]);
    open();
    await waiting;
    expect(server.calls).toEqual(['bulkWrite docs 1', 'commit']);

    await expect(
      store.write([{ collection: 'docs', op: 'put', doc: { _id: 'b' } }], {
        after: Promise.reject(new Error('the write before failed')),
      }),
    ).rejects.toThrow('the write before failed');
    expect(server.calls).toEqual(['bulkWrite docs 1', 'commit']);
    expect(await data.get('docs', 'b')).toBeNull();
    await data.close();
  });
});
