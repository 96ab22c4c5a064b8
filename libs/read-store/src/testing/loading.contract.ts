import type { Doc, ReadStore } from '../read-store.port';

/**
 * A collection ensured with `loading` (a rebuild's new generation, filled before its indexes are
 * made): reads and writes answer as for any collection, and once the load ends its ids are as
 * unique as ever. Part of readStoreContract, on its store, beside its fresh collection.
 */
export function loadingCases(current: () => { store: ReadStore; coll: string }): void {
  const doc = (id: string, v: string): Doc => ({ _id: id, v });

  it('reads and writes a collection being loaded as any other, and keeps its ids unique after', async () => {
    const { store, coll } = current();
    const loaded = `${coll}_load`;
    await store.ensureCollection(loaded, [], { loading: true });
    await store.write([
      { collection: loaded, op: 'put', doc: doc('a', 'a1') },
      { collection: loaded, op: 'put', doc: doc('b', 'b1') },
    ]);
    await store.ensureCollection(loaded, [], { loading: true }); // idempotent, still loading
    await store.write([{ collection: loaded, op: 'put', doc: doc('c', 'c1') }]);
    expect(await store.get(loaded, 'b')).toEqual(doc('b', 'b1'));
    await store.write([
      { collection: loaded, op: 'put', doc: doc('a', 'a2') },
      { collection: loaded, op: 'delete', id: 'b' },
      { collection: loaded, op: 'delete', id: 'never written' },
      { collection: loaded, op: 'put', doc: doc('d', 'd1') },
      { collection: loaded, op: 'put', doc: doc('d', 'd2') }, // the later write wins
      { collection: loaded, op: 'delete', id: 'c' },
      { collection: loaded, op: 'put', doc: doc('c', 'c2') }, // deleted, then written again
    ]);
    expect(await store.get(loaded, 'a')).toEqual(doc('a', 'a2'));
    expect(await store.get(loaded, 'b')).toBeNull();
    expect(await store.get(loaded, 'never written')).toBeNull();
    expect(await store.getMany(loaded, ['d', 'b', 'c'])).toEqual([doc('d', 'd2'), doc('c', 'c2')]);
    expect(await store.count(loaded)).toBe(3);
    expect(await store.find(loaded, { v: 'c2' })).toEqual([doc('c', 'c2')]);

    // The load ends: the declared indexes are made, and the ids stay one document each.
    await store.ensureCollection(loaded, [{ name: 'by_v', fields: [['v', 1]] }]);
    await store.write([
      { collection: loaded, op: 'put', doc: doc('a', 'a3') },
      { collection: loaded, op: 'put', doc: doc('b', 'b2') },
    ]);
    expect(await store.count(loaded)).toBe(4);
    expect(await store.get(loaded, 'a')).toEqual(doc('a', 'a3'));
    expect(await store.find(loaded, {}, { sort: [['v', 1]] })).toEqual([
      doc('a', 'a3'),
      doc('b', 'b2'),
      doc('c', 'c2'),
      doc('d', 'd2'),
    ]);
    await store.dropCollection(loaded);
  });

  it('ignores `loading` for a collection that exists, and loads a dropped one again', async () => {
    const { store, coll } = current();
    await store.write([
      { collection: coll, op: 'put', doc: doc('first', 'f1') },
      { collection: coll, op: 'put', doc: doc('kept', 'k1') },
    ]);
    await store.ensureCollection(coll, [], { loading: true });
    await store.write([{ collection: coll, op: 'put', doc: doc('kept', 'k2') }]);
    expect(await store.get(coll, 'first')).toEqual(doc('first', 'f1'));
    expect(await store.get(coll, 'kept')).toEqual(doc('kept', 'k2'));
    expect(await store.find(coll, {}, { sort: [['_id', 1]] })).toEqual([
      doc('first', 'f1'),
      doc('kept', 'k2'),
    ]);

    const loaded = `${coll}_again`;
    await store.ensureCollection(loaded, [], { loading: true });
    await store.write([{ collection: loaded, op: 'put', doc: doc('x', 'first load') }]);
    await store.dropCollection(loaded);
    await store.ensureCollection(loaded, [], { loading: true });
    expect(await store.get(loaded, 'x')).toBeNull();
    await store.write([{ collection: loaded, op: 'put', doc: doc('y', 'second load') }]);
    await store.ensureCollection(loaded);
    expect(await store.find(loaded)).toEqual([doc('y', 'second load')]);
    await store.dropCollection(loaded);
  });
}
