import { groupWrites } from '../src/mongo/mongo-read-store';

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

  it('groups only consecutive writes to one collection, keeping the overall order', () => {
    const groups = groupWrites([
      { collection: 'items', op: 'put', doc: { _id: 'x', name: 'first' } },
      { collection: 'items', op: 'put', doc: { _id: 'x', name: 'second' } },
      { collection: 'checkpoints', op: 'put', doc: { _id: 'p', position: 1 } },
      { collection: 'items', op: 'delete', id: 'x' },
      { collection: 'checkpoints', op: 'put', doc: { _id: 'p', position: 2 } },
    ]);
    expect(groups.map((g) => [g.collection, g.operations.length])).toEqual([
      ['items', 2],
      ['checkpoints', 1],
      ['items', 1],
      ['checkpoints', 1],
    ]);
    expect(groups[0].operations[1]).toEqual({
      replaceOne: { filter: { _id: 'x' }, replacement: { _id: 'x', name: 'second' }, upsert: true },
    });
  });
});
