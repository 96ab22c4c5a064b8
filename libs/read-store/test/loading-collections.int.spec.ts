import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DuplicateKeyError } from '../src';
import { SqliteReadStore } from '../src/embedded/sqlite-read-store';
import { indexesOf, look } from './support/read-file';

/**
 * The embedded store's side of `ensureCollection(…, { loading: true })` (LoadingCollections): what
 * the contract cannot see, on a file, with the writer thread, as a rebuild runs it.
 */
describe('SqliteReadStore: a collection being loaded', () => {
  let dir: string;
  let store: SqliteReadStore;
  const indexes = (collection: string) => indexesOf(dir, collection);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'companion-load-'));
    store = new SqliteReadStore(join(dir, 'read.db'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has no id index until the load ends, then a unique one, and its rows in write order', async () => {
    await store.ensureCollection('docs', [], { loading: true });
    const ids = Array.from({ length: 3000 }, () => randomUUID());
    await store.write(ids.map((id, i) => ({ collection: 'docs', op: 'put', doc: { _id: id, i } })));
    await store.write([{ collection: 'docs', op: 'put', doc: { _id: ids[5], i: 'again' } }]);
    expect(indexes('docs')).toEqual([]);
    // Appended as written, not in the ids' order: a rebuild's rows need no sort to go in cheaply.
    const rows = look(dir, (db) =>
      db.prepare('SELECT id FROM c_docs ORDER BY rowid').pluck().all(),
    );
    expect(rows).toEqual(ids);

    await store.ensureCollection('docs', [{ name: 'by_i', fields: [['i', 1]] }]);
    expect(indexes('docs').sort()).toEqual(['i_docs_by_i', 'id_docs (unique)']);
    expect(await store.get('docs', ids[5])).toEqual({ _id: ids[5], i: 'again' });
    // The id index is not a unique index of the collection's own: a large write still goes in
    // its ids' order (keyOrder), which it may only where no declared unique index could object.
    const more = Array.from({ length: 2000 }, () => randomUUID());
    await store.write(more.map((id) => ({ collection: 'docs', op: 'put', doc: { _id: id } })));
    const added = look(dir, (db) =>
      db.prepare('SELECT id FROM c_docs WHERE rowid > 3000 ORDER BY rowid').pluck().all(),
    );
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

  it('keeps a row for every id, so a write that failed leaves the load as it was', async () => {
    // Declared indexes made while loading (the port allows it): a unique one can refuse a write.
    await store.ensureCollection(
      'named',
      [{ name: 'by_name', fields: [['name', 1]], unique: true }],
      { loading: true },
    );
    await store.write([{ collection: 'named', op: 'put', doc: { _id: 'a', name: 'same' } }]);
    await expect(
      store.write([
        { collection: 'named', op: 'delete', id: 'a' },
        { collection: 'named', op: 'put', doc: { _id: 'b', name: 'same' } },
        { collection: 'named', op: 'put', doc: { _id: 'c', name: 'same' } },
      ]),
    ).rejects.toBeInstanceOf(DuplicateKeyError);
    // Rolled back: `a` is still there, and `b` (named a row that was never written) is not.
    expect(await store.get('named', 'a')).toEqual({ _id: 'a', name: 'same' });
    expect(await store.get('named', 'b')).toBeNull();
    await store.write([
      { collection: 'named', op: 'delete', id: 'a' },
      { collection: 'named', op: 'put', doc: { _id: 'b', name: 'same' } },
      { collection: 'named', op: 'put', doc: { _id: 'a', name: 'back' } },
    ]);
    await store.ensureCollection('named');
    expect(await store.find('named', {}, { sort: [['_id', 1]] })).toEqual([
      { _id: 'a', name: 'back' },
      { _id: 'b', name: 'same' },
    ]);
  });

  it('rejects the end of a load whose ids cannot be indexed, and keeps it loading', async () => {
    await store.ensureCollection('twice', [], { loading: true });
    await store.write([{ collection: 'twice', op: 'put', doc: { _id: 'a', n: 1 } }]);
    const other = new Database(join(dir, 'read.db'));
    other.prepare(`INSERT INTO c_twice (id, doc) VALUES ('a', '{"_id":"a","n":2}')`).run();
    other.close();
    await expect(store.ensureCollection('twice')).rejects.toThrow('schema change failed');
    expect(await store.get('twice', 'a')).toEqual({ _id: 'a', n: 1 });
    // Still loading: written by row (a write by id would find no index for its upsert).
    await store.write([{ collection: 'twice', op: 'put', doc: { _id: 'a', n: 3 } }]);
    expect(await store.get('twice', 'a')).toEqual({ _id: 'a', n: 3 });
  });

  it('keeps loading when the write that was to end the load fails, and ends it with the next', async () => {
    await store.close();
    store = new SqliteReadStore(join(dir, 'read.db'), { loadingIdsMax: 10 });
    const named = (from: number, to: number, name = (i: number) => `n${i}`) =>
      Array.from({ length: to - from }, (_, i) => ({
        collection: 'ends',
        op: 'put' as const,
        doc: { _id: `d${from + i}`, name: name(from + i) },
      }));
    await store.ensureCollection(
      'ends',
      [{ name: 'by_name', fields: [['name', 1]], unique: true }],
      {
        loading: true,
      },
    );
    await store.write(named(0, 8));
    // Past the bound, but refused by the declared unique index: no id index, the load goes on.
    await expect(store.write(named(8, 12, () => 'same'))).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(indexes('ends').sort()).toEqual(['i_ends_by_name (unique)']);
    await store.write(named(8, 12));
    expect(indexes('ends').sort()).toEqual(['i_ends_by_name (unique)', 'id_ends (unique)']);
    await store.write(named(0, 1, () => 'renamed'));
    expect(await store.count('ends')).toBe(12);
    expect(await store.get('ends', 'd0')).toEqual({ _id: 'd0', name: 'renamed' });
  });

  it('treats a table a stopped load left as any existing collection when asked to load it', async () => {
    await store.ensureCollection('stale', [], { loading: true });
    await store.write([{ collection: 'stale', op: 'put', doc: { _id: 'a', n: 1 } }]);
    await store.close();
    store = new SqliteReadStore(join(dir, 'read.db'));
    await store.ensureCollection('stale', [], { loading: true });
    expect(indexes('stale')).toEqual(['id_stale (unique)']);
    await store.write([{ collection: 'stale', op: 'put', doc: { _id: 'a', n: 2 } }]);
    expect(await store.find('stale')).toEqual([{ _id: 'a', n: 2 }]);
  });

  it('ends a load another store object began and left, from the file', async () => {
    await store.ensureCollection('left', [], { loading: true });
    await store.write([{ collection: 'left', op: 'put', doc: { _id: 'a', n: 1 } }]);
    await store.close();
    store = new SqliteReadStore(join(dir, 'read.db'));
    await store.ensureCollection('left', [{ name: 'by_n', fields: [['n', 1]] }]);
    expect(indexes('left').sort()).toEqual(['i_left_by_n', 'id_left (unique)']);
    await store.write([{ collection: 'left', op: 'put', doc: { _id: 'a', n: 2 } }]);
    expect(await store.find('left')).toEqual([{ _id: 'a', n: 2 }]);
    // A table that has its id index gets no second one.
    await store.ensureCollection('plain');
    await store.ensureCollection('plain');
    expect(indexes('plain')).toEqual(['sqlite_autoindex_c_plain_1 (unique)']);
  });
});
