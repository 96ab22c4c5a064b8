import { randomUUID } from 'node:crypto';
import { Doc, DuplicateKeyError, Filter, ReadStore } from '../read-store.port';
import { findIdsCases } from './find-ids.contract';
import { loadingCases } from './loading.contract';
import { writeAfterCases } from './write-after.contract';

interface Item extends Doc {
  name: string;
  score?: number | null;
  active?: boolean;
  scene?: string | null;
  partner?: { id: string };
}

/**
 * The one contract every ReadStore adapter passes. Each test uses fresh collection names, so it
 * can run against a shared MongoDB.
 */
export function readStoreContract(adapter: string, open: () => Promise<ReadStore>): void {
  describe(`ReadStore contract: ${adapter}`, () => {
    let store: ReadStore;
    let coll: string;

    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
    });
    beforeEach(async () => {
      coll = `contract_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      await store.ensureCollection(coll, [
        {
          name: 'by_score',
          fields: [
            ['score', -1],
            ['_id', -1],
          ],
        },
        { name: 'by_scene', fields: [['scene', 1]] },
      ]);
    });
    afterEach(async () => {
      await store.dropCollection(coll);
    });

    const items: Item[] = [
      { _id: 'a', name: 'Ada', score: 3, active: true, scene: 'noir', partner: { id: 'p1' } },
      { _id: 'b', name: 'Bo', score: 1, active: false, scene: 'noir' },
      { _id: 'c', name: 'Cy', score: 2, active: true, scene: null },
      { _id: 'd', name: 'Di', active: true },
    ];
    const seed = () =>
      store.write(items.map((doc) => ({ collection: coll, op: 'put' as const, doc })));
    const ids = (docs: Doc[]) => docs.map((d) => d._id);

    it('puts, gets, replaces and deletes documents', async () => {
      await seed();
      expect(await store.get<Item>(coll, 'a')).toEqual(items[0]);
      await store.write([{ collection: coll, op: 'put', doc: { _id: 'a', name: 'Ada II' } }]);
      expect(await store.get(coll, 'a')).toEqual({ _id: 'a', name: 'Ada II' });
      await store.write([{ collection: coll, op: 'delete', id: 'a' }]);
      expect(await store.get(coll, 'a')).toBeNull();
      expect(ids(await store.getMany(coll, ['d', 'zz', 'b']))).toEqual(
        expect.arrayContaining(['d', 'b']),
      );
      expect(await store.getMany(coll, ['zz'])).toEqual([]);
    });

    it('hands out documents whose changes by a reader do not reach the store', async () => {
      await store.write([
        { collection: coll, op: 'put', doc: { _id: 'm', name: 'kept', tags: ['a'] } },
      ]);
      const doc = (await store.get<Doc & { name: string; tags: string[] }>(coll, 'm'))!;
      try {
        doc.name = 'changed';
        doc.tags.push('b');
      } catch {
        // The embedded store's documents are frozen: the change itself is refused.
      }
      expect(await store.get(coll, 'm')).toEqual({ _id: 'm', name: 'kept', tags: ['a'] });
      expect((await store.getMany(coll, ['m']))[0]).toEqual({
        _id: 'm',
        name: 'kept',
        tags: ['a'],
      });
    });

    it('applies writes in order', async () => {
      await store.write([
        { collection: coll, op: 'put', doc: { _id: 'x', name: 'first' } },
        { collection: coll, op: 'put', doc: { _id: 'x', name: 'second' } },
        { collection: coll, op: 'put', doc: { _id: 'y', name: 'gone' } },
        { collection: coll, op: 'delete', id: 'y' },
      ]);
      expect(await store.get(coll, 'x')).toEqual({ _id: 'x', name: 'second' });
      expect(await store.get(coll, 'y')).toBeNull();
    });

    it('applies an unshared write (a rebuild batch) like any other once it has committed', async () => {
      await seed();
      // Read first, so an adapter that caches documents has them: the write must replace them.
      expect(await store.get<Item>(coll, 'a')).toEqual(items[0]);
      expect(await store.get(coll, 'b')).not.toBeNull();
      expect(await store.get(coll, 'new')).toBeNull();
      await store.write(
        [
          { collection: coll, op: 'put', doc: { _id: 'a', name: 'Ada II', scene: 'été ✨' } },
          { collection: coll, op: 'delete', id: 'b' },
          { collection: coll, op: 'put', doc: { _id: 'new', name: 'first' } },
          { collection: coll, op: 'put', doc: { _id: 'new', name: 'second' } },
        ],
        { unshared: true },
      );
      expect(await store.get(coll, 'a')).toEqual({ _id: 'a', name: 'Ada II', scene: 'été ✨' });
      expect(await store.get(coll, 'b')).toBeNull();
      expect(await store.get(coll, 'new')).toEqual({ _id: 'new', name: 'second' });
      expect(ids(await store.find(coll, { scene: 'été ✨' }))).toEqual(['a']);
    });

    it('finds by equality, booleans, dotted paths and null-or-missing', async () => {
      await seed();
      expect(ids(await store.find(coll, { scene: 'noir' }, { sort: [['_id', 1]] }))).toEqual([
        'a',
        'b',
      ]);
      expect(ids(await store.find(coll, { active: false }))).toEqual(['b']);
      expect(ids(await store.find(coll, { 'partner.id': 'p1' }))).toEqual(['a']);
      expect(ids(await store.find(coll, { scene: null }, { sort: [['_id', 1]] }))).toEqual([
        'c',
        'd',
      ]);
      expect(ids(await store.find(coll, { _id: 'c' }))).toEqual(['c']);
    });

    it('supports the comparison operators', async () => {
      await seed();
      const q = async (filter: Filter) =>
        ids(await store.find(coll, filter, { sort: [['_id', 1]] }));
      expect(await q({ score: { $gt: 1 } })).toEqual(['a', 'c']);
      expect(await q({ score: { $gte: 1, $lt: 3 } })).toEqual(['b', 'c']);
      expect(await q({ score: { $lte: 1 } })).toEqual(['b']);
      expect(await q({ scene: { $ne: 'noir' } })).toEqual(['c', 'd']);
      expect(await q({ scene: { $ne: null } })).toEqual(['a', 'b']);
      expect(await q({ _id: { $in: ['a', 'd', 'zz'] } })).toEqual(['a', 'd']);
      expect(await q({ scene: { $in: ['noir', null] } })).toEqual(['a', 'b', 'c', 'd']);
      expect(await q({ _id: { $nin: ['a', 'b'] } })).toEqual(['c', 'd']);
      expect(await q({ score: { $exists: true } })).toEqual(['a', 'b', 'c']);
      expect(await q({ score: { $exists: false } })).toEqual(['d']);
      expect(await q({ scene: { $exists: true } })).toEqual(['a', 'b', 'c']); // null is present
      expect(await q({ _id: { $in: [] } })).toEqual([]);
    });

    it('supports $or, as cursor pagination over a compound sort needs, and overlapping branches', async () => {
      await seed();
      // The page after (score 2, id c) in score-descending order:
      const after = await store.find(
        coll,
        { score: { $exists: true }, $or: [{ score: { $lt: 2 } }, { score: 2, _id: { $lt: 'c' } }] },
        {
          sort: [
            ['score', -1],
            ['_id', -1],
          ],
        },
      );
      expect(ids(after)).toEqual(['b']);
      // Branches that overlap (discovery reads a caller's swipes and the likes it received so):
      // `a` matches both and comes back once.
      const overlapping = await store.find(
        coll,
        { $or: [{ scene: 'noir' }, { active: true, score: { $exists: true } }] },
        { sort: [['_id', 1]] },
      );
      expect(ids(overlapping)).toEqual(['a', 'b', 'c']);
    });

    it('sorts on several fields, skips and limits (limit is never negative)', async () => {
      await seed();
      const sorted = await store.find(
        coll,
        { score: { $exists: true } },
        {
          sort: [
            ['score', -1],
            ['_id', 1],
          ],
        },
      );
      expect(ids(sorted)).toEqual(['a', 'c', 'b']);
      const page = await store.find(coll, {}, { sort: [['_id', 1]], skip: 1, limit: 2 });
      expect(ids(page)).toEqual(['b', 'c']);
      expect(await store.find(coll, {}, { limit: 0, sort: [['_id', 1]] })).toHaveLength(0);
    });

    it('counts with a filter', async () => {
      await seed();
      expect(await store.count(coll)).toBe(4);
      expect(await store.count(coll, { active: true })).toBe(3);
    });

    it('treats a missing collection as empty, and lists and drops collections', async () => {
      const missing = `${coll}_missing`;
      expect(await store.get(missing, 'a')).toBeNull();
      expect(await store.find(missing)).toEqual([]);
      expect(await store.count(missing)).toBe(0);
      expect(await store.listCollections()).toContain(coll);
      await store.ensureCollection(coll, [
        {
          name: 'by_score',
          fields: [
            ['score', -1],
            ['_id', -1],
          ],
        },
      ]);
      await store.dropCollection(coll);
      expect(await store.listCollections()).not.toContain(coll);
    });

    it('refuses a write that breaks a unique index', async () => {
      const unique = `${coll}_u`;
      await store.ensureCollection(unique, [
        { name: 'by_name', fields: [['name', 1]], unique: true },
      ]);
      await store.write([{ collection: unique, op: 'put', doc: { _id: '1', name: 'same' } }]);
      expect(await store.get(unique, '2')).toBeNull();
      await expect(
        store.write([
          { collection: unique, op: 'put', doc: { _id: '1', name: 'other' } },
          { collection: unique, op: 'put', doc: { _id: '2', name: 'other' } },
        ]),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await store.get(unique, '2')).toBeNull();
      await expect(
        store.write([{ collection: unique, op: 'put', doc: { _id: '2', name: 'same' } }]),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await store.get(unique, '2')).toBeNull();
      await store.dropCollection(unique);
    });

    writeAfterCases(() => ({ store, coll }));
    findIdsCases(() => ({ store, coll }));
    loadingCases(() => ({ store, coll }));

    it('a rejected write leaves nothing behind, in any collection', async () => {
      const unique = `${coll}_u`;
      await store.ensureCollection(unique, [
        { name: 'by_name', fields: [['name', 1]], unique: true },
      ]);
      await store.write([{ collection: unique, op: 'put', doc: { _id: '1', name: 'same' } }]);
      await seed();
      await expect(
        store.write([
          { collection: coll, op: 'delete', id: 'a' },
          { collection: coll, op: 'put', doc: { _id: 'e', name: 'Eve' } },
          { collection: unique, op: 'put', doc: { _id: '2', name: 'same' } },
          { collection: coll, op: 'put', doc: { _id: 'f', name: 'Fay' } },
        ]),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(ids(await store.find(coll, {}, { sort: [['_id', 1]] }))).toEqual(['a', 'b', 'c', 'd']);
      expect(await store.count(unique)).toBe(1);
      await store.dropCollection(unique);
    });

    it('grants a lease to one owner at a time, renews it, and hands it over once it expires', async () => {
      const id = `lease_${coll}`;
      const at = (s: number) => new Date(Date.UTC(2026, 10, 21, 12, 0, s));
      expect(await store.claimLease(id, 'p1', at(0), at(10))).toMatchObject({
        _id: id,
        owner: 'p1',
        expiresAt: at(10).toISOString(),
      });
      // Held and not expired: the other owner is told who holds it, and until when.
      expect(await store.claimLease(id, 'p2', at(5), at(15))).toMatchObject({
        owner: 'p1',
        expiresAt: at(10).toISOString(),
      });
      expect(await store.claimLease(id, 'p1', at(6), at(16))).toMatchObject({
        owner: 'p1',
        expiresAt: at(16).toISOString(),
      });
      expect((await store.claimLease(id, 'p2', at(15), at(25))).owner).toBe('p1');
      expect(await store.claimLease(id, 'p2', at(16), at(26))).toMatchObject({ owner: 'p2' });
      // Released only by its owner.
      await store.releaseLease(id, 'p1');
      expect((await store.claimLease(id, 'p1', at(17), at(27))).owner).toBe('p2');
      await store.releaseLease(id, 'p2');
      expect((await store.claimLease(id, 'p1', at(18), at(28))).owner).toBe('p1');
      await store.releaseLease(id, 'p1');
    });

    it('answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
