import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DuplicateKeyError } from '../src';
import { SqliteReadStore } from '../src/embedded/sqlite-read-store';

/**
 * The embedded store's side of `ensureCollection(…, { loading: true })` (LoadingCollections): what
 * the contract cannot see, on a file, with the writer thread, as a rebuild runs it.
 */
describe('SqliteReadStore: a collection being loaded', () => {
  let dir: string;
  let store: SqliteReadStore;
  let file: Database.Database;
  const indexes = (collection: string) =>
    (
      file.prepare(`PRAGMA index_list("c_${collection}")`).all() as Array<{
        name: string;
        unique: number;
      }>
    ).map((i) => `${i.name}${i.unique ? ' (unique)' : ''}`);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'companion-load-'));
    store = new SqliteReadStore(join(dir, 'read.db'));
  });
  afterEach(async () => {
    file?.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has no id index until the load ends, then a unique one, and its rows in write order', async () => {
    await store.ensureCollection('docs', [], { loading: true });
    const ids = Array.from({ length: 3000 }, () => randomUUID());
    await store.write(ids.map((id, i) => ({ collection: 'docs', op: 'put', doc: { _id: id, i } })));
    await store.write([{ collection: 'docs', op: 'put', doc: { _id: ids[5], i: 'again' } }]);
    file = new Database(join(dir, 'read.db'), { readonly: true });
    expect(indexes('docs')).toEqual([]);
    // Appended as written, not in the ids' order: a rebuild's rows need no sort to go in cheaply.
    const rows = file.prepare('SELECT id FROM c_docs ORDER BY rowid').pluck().all();
    expect(rows).toEqual(ids);

    await store.ensureCollection('docs', [{ name: 'by_i', fields: [['i', 1]] }]);
    expect(indexes('docs').sort()).toEqual(['i_docs_by_i', 'id_docs (unique)']);
    expect(await store.get('docs', ids[5])).toEqual({ _id: ids[5], i: 'again' });
    // The id index is not a unique index of the collection's own: a large write still goes in
    // its ids' order (keyOrder), which it may only where no declared unique index could object.
    const more = Array.from({ length: 2000 }, () => randomUUID());
    await store.write(more.map((id) => ({ collection: 'docs', op: 'put', doc: { _id: id } })));
    const added = file
      .prepare('SELECT id FROM c_docs WHERE rowid > 3000 ORDER BY rowid')
      .pluck()
      .all();
    const byPrefix = more
      .map((id, i) => [id.slice(0, 4), i] as const)
      .sort(([a, i], [b, j]) => (a < b ? -1 : a > b ? 1 : i - j))
      .map(([, i]) => more[i]);
    expect(added).toEqual(byPrefix);
  });

  it('makes its id index in the write that would name more rows than allowed, and goes on', async () => {
    await store.close();
    store = new SqliteReadStore(join(dir, 'read.db'), { loadingIdsMax: 100 });
    const put = (from: number, to: number) =>
      store.write(
        Array.from({ length: to - from }, (_, i) => ({
          collection: 'capped',
          op: 'put' as const,
          doc: { _id: `d${from + i}`, n: from + i },
        })),
      );
    await store.ensureCollection('capped', [], { loading: true });
    await put(0, 80);
    file = new Database(join(dir, 'read.db'), { readonly: true });
    expect(indexes('capped')).toEqual([]);
    await put(60, 120); // 20 rows named already, 40 new: past 100
    expect(indexes('capped')).toEqual(['id_capped (unique)']);
    await put(0, 10);
    expect(await store.count('capped')).toBe(120);
    expect(await store.get('capped', 'd119')).toEqual({ _id: 'd119', n: 119 });
    // Ending it again when the rebuild is done changes nothing.
    await store.ensureCollection('capped', [{ name: 'by_n', fields: [['n', 1]] }]);
    expect(indexes('capped').sort()).toEqual(['i_capped_by_n', 'id_capped (unique)']);
  });

  it('refuses the collection after a failed write, until it is dropped and loaded again', async () => {
    // Declared indexes made while loading (the contract allows it): a unique one can refuse a write.
    await store.ensureCollection(
      'named',
      [{ name: 'by_name', fields: [['name', 1]], unique: true }],
      {
        loading: true,
      },
    );
    await store.write([{ collection: 'named', op: 'put', doc: { _id: 'a', name: 'same' } }]);
    await expect(
      store.write([
        { collection: 'named', op: 'delete', id: 'a' },
        { collection: 'named', op: 'put', doc: { _id: 'b', name: 'same' } },
        { collection: 'named', op: 'put', doc: { _id: 'c', name: 'same' } },
      ]),
    ).rejects.toBeInstanceOf(DuplicateKeyError);
    // Its delete of `a` was rolled back, but the map of rows had forgotten `a` already.
    await expect(store.get('named', 'a')).rejects.toThrow('drop it and load it again');
    await expect(
      store.write([{ collection: 'named', op: 'put', doc: { _id: 'a', name: 'other' } }]),
    ).rejects.toThrow('drop it and load it again');

    await store.dropCollection('named');
    await store.ensureCollection('named', [], { loading: true });
    await store.write([{ collection: 'named', op: 'put', doc: { _id: 'a', name: 'same' } }]);
    expect(await store.get('named', 'a')).toEqual({ _id: 'a', name: 'same' });
  });
});
