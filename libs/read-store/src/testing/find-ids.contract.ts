import type { ReadStore } from '../read-store.port';

/**
 * `findIds`, as every ReadStore adapter answers it: the ids `find` answers, in its order under a
 * sort, for an id range (how discovery reads a caller's swipes) and for an index that holds the id
 * (the likes it received). Part of readStoreContract, on its store and its fresh collection.
 */
export function findIdsCases(current: () => { store: ReadStore; coll: string }): void {
  it('answers the ids find answers, in its order under a sort, without the documents', async () => {
    const { store, coll } = current();
    await store.ensureCollection(coll, [
      {
        name: 'likes_received',
        fields: [
          ['targetId', 1],
          ['liked', 1],
          ['_id', 1],
        ],
      },
    ]);
    const swipes = [
      ['a', 'b', true],
      ['a', 'c', false],
      ['ab', 'a', true],
      ['b', 'a', true],
      ['c', 'a', false],
    ] as const;
    await store.write(
      swipes.map(([swiperId, targetId, liked]) => ({
        collection: coll,
        op: 'put' as const,
        doc: { _id: `${swiperId}:${targetId}`, swiperId, targetId, liked },
      })),
    );
    // `ab:a` sorts after `a;`: another swiper's ids are outside the range.
    const range = { _id: { $gt: 'a:', $lt: 'a;' } };
    expect(await store.findIds(coll, range, { sort: [['_id', 1]] })).toEqual(['a:b', 'a:c']);
    const likes = { targetId: 'a', liked: true };
    expect(await store.findIds(coll, likes, { sort: [['_id', -1]] })).toEqual(['b:a', 'ab:a']);
    expect(await store.findIds(coll, {}, { sort: [['_id', 1]], skip: 1, limit: 2 })).toEqual(
      (await store.find(coll, {}, { sort: [['_id', 1]], skip: 1, limit: 2 })).map((d) => d._id),
    );
    expect(await store.findIds(coll, {}, { limit: 0 })).toEqual([]);
    expect(await store.findIds(`${coll}_missing`, likes)).toEqual([]);
  });
}
