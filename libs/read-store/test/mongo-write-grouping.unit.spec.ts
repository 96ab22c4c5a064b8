import { clientOptions, groupWrites } from '../src/mongo/mongo-read-store';

describe('groupWrites (MongoDB read store)', () => {
  it('returns no bulk write for no writes', () => {
    expect(groupWrites([])).toEqual([]);
  });

  it('maps put to an upserting replaceOne and delete to deleteOne, keyed by _id', () => {
    expect(
      groupWrites([
        { collection: 'items', op: 'put', doc: { _id: 'a', name: 'Ada' } },
        { collection: 'items', op: 'delete', id: 'b' },
      ]),
    ).toEqual([
      {
        collection: 'items',
        operations: [
          {
            replaceOne: {
              filter: { _id: 'a' },
              replacement: { _id: 'a', name: 'Ada' },
              upsert: true,
            },
          },
          { deleteOne: { filter: { _id: 'b' } } },
        ],
      },
    ]);
  });

  it('sends one bulk write per collection, in first-seen order, keeping the order within each', () => {
    const groups = groupWrites([
      { collection: 'items', op: 'put', doc: { _id: 'x', name: 'first' } },
      { collection: '_checkpoints', op: 'put', doc: { _id: 'p@1', position: 1 } },
      { collection: 'items', op: 'put', doc: { _id: 'x', name: 'second' } },
      { collection: 'items', op: 'delete', id: 'y' },
      { collection: '_checkpoints', op: 'put', doc: { _id: 'q@1', position: 1 } },
    ]);
    expect(groups.map((g) => [g.collection, g.operations.length])).toEqual([
      ['items', 3],
      ['_checkpoints', 2],
    ]);
    expect(groups[0].operations.slice(0, 2)).toEqual([
      {
        replaceOne: {
          filter: { _id: 'x' },
          replacement: { _id: 'x', name: 'first' },
          upsert: true,
        },
      },
      {
        replaceOne: {
          filter: { _id: 'x' },
          replacement: { _id: 'x', name: 'second' },
          upsert: true,
        },
      },
    ]);
  });
});

describe('clientOptions (MongoDB read store)', () => {
  it('fails fast by default, and lets the connection string set its own timeouts', () => {
    expect(clientOptions('mongodb://mongo:27017/companion?replicaSet=rs0')).toMatchObject({
      serverSelectionTimeoutMS: 5_000,
      connectTimeoutMS: 5_000,
      ignoreUndefined: true,
    });
    const own = clientOptions('mongodb://mongo/companion?serverSelectionTimeoutMS=100');
    expect(own.serverSelectionTimeoutMS).toBeUndefined();
    expect(own.connectTimeoutMS).toBe(5_000);
  });
});
