import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { collectionSchema, idIndex, table } from '../src/embedded/collection-schema';
import { keyOrder, writeDocuments } from '../src/embedded/write-documents';

const prefix = (id: string) => id.slice(0, 4);

describe("keyOrder: a write's rows in about their ids' order", () => {
  it('orders random ids by their first four characters, each position once', () => {
    const ids = Array.from({ length: 5000 }, () => randomUUID());
    const order = [...keyOrder(ids)];
    expect([...order].sort((a, b) => a - b)).toEqual(ids.map((_, i) => i));
    const outOfOrder = order.filter((i, j) => j > 0 && prefix(ids[order[j - 1]]) > prefix(ids[i]));
    expect(outOfOrder).toEqual([]);
  });

  it('keeps the order of the same id written twice, and of ids shorter than four characters', () => {
    const ids = ['b', 'a', 'b', 'ab', 'a', 'b'];
    const order = [...keyOrder(ids)];
    expect(order.filter((i) => ids[i] === 'b')).toEqual([0, 2, 5]);
    expect(order.filter((i) => ids[i] === 'a')).toEqual([1, 4]);
    expect(order.map((i) => ids[i])).toEqual(['a', 'a', 'ab', 'b', 'b', 'b']);
  });
});

describe('writeDocuments', () => {
  it('leaves every document as the last of its writes left it, whatever order the rows go in', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE "c_docs" (id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL)');
    const ids = Array.from({ length: 2000 }, () => randomUUID());
    // Every id put, then put again or deleted later in the same write, interleaved with the others.
    const rows: Array<[string, string | null]> = [];
    ids.forEach((id) => rows.push([id, JSON.stringify({ v: 'first' })]));
    ids.forEach((id, i) =>
      rows.push([id, i % 3 === 0 ? null : JSON.stringify({ v: `last ${i}` })]),
    );
    const result = writeDocuments(db, {
      tables: [{ table: '"c_docs"', ids: rows.map((r) => r[0]), jsons: rows.map((r) => r[1]) }],
    });
    expect(result).toEqual({ ok: true });
    const stored = new Map(
      (db.prepare('SELECT id, doc FROM c_docs').all() as Array<{ id: string; doc: string }>).map(
        (r) => [r.id, JSON.parse(r.doc).v],
      ),
    );
    expect(stored.size).toBe(ids.filter((_, i) => i % 3 !== 0).length);
    ids.forEach((id, i) => expect(stored.get(id)).toBe(i % 3 === 0 ? undefined : `last ${i}`));
    db.close();
  });

  describe('a table with a unique index of its own', () => {
    // 'z…' ids give their names up before 'a…' ids take them: in id order the takers come first.
    const swap = (n: number) => {
      const range = Array.from({ length: n }, (_, i) => i);
      return {
        table: '"c_u"',
        ids: [...range.map((i) => `z${i}`), ...range.map((i) => `a${i}`)],
        jsons: [
          ...range.map((i) => JSON.stringify({ name: `new ${i}` })),
          ...range.map((i) => JSON.stringify({ name: `old ${i}` })),
        ],
      };
    };
    const seed = (db: Database.Database, n: number) => {
      const insert = db.prepare('INSERT INTO c_u (id, doc) VALUES (?, ?)');
      db.transaction(() => {
        for (let i = 0; i < n; i++) insert.run(`z${i}`, JSON.stringify({ name: `old ${i}` }));
      })();
    };
    const uniqueName = `CREATE UNIQUE INDEX "i_u_name" ON "c_u" (json_extract(doc, '$.name'))`;

    it('is written in the order given, however many rows', () => {
      const db = new Database(':memory:');
      db.exec('CREATE TABLE "c_u" (id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL)');
      db.exec(uniqueName);
      seed(db, 1500);
      expect(writeDocuments(db, { tables: [swap(1500)] })).toEqual({ ok: true });
      db.close();
    });

    it('is seen even when another connection made the index after a write had looked', () => {
      const file = join(mkdtempSync(join(tmpdir(), 'companion-wd-')), 'read.db');
      const db = new Database(file);
      db.exec('CREATE TABLE "c_u" (id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL)');
      // A large write while the table has no index of its own: its rows may go in any order.
      const first = Array.from({ length: 1500 }, (_, i) => `b${i}`);
      const written = writeDocuments(db, {
        tables: [{ table: '"c_u"', ids: first, jsons: first.map((id) => `{"name":"${id}"}`) }],
      });
      expect(written).toEqual({ ok: true });
      db.exec('DELETE FROM c_u');
      seed(db, 1500);
      const other = new Database(file);
      other.exec(uniqueName);
      other.close();
      expect(writeDocuments(db, { tables: [swap(1500)] })).toEqual({ ok: true });
      db.close();
      rmSync(dirname(file), { recursive: true, force: true });
    });
  });

  it('is not refused when another connection commits between its first read and its first write', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'companion-wd-')), 'read.db');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE "c_docs" (id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL)');
    const other = new Database(file, { timeout: 0 });
    let othersCommit = 'not tried';
    // The store's own connection as the writer sees it, except that another connection (the
    // lease's renewal on the main thread) tries to commit right after the write's first read.
    const writer = new Proxy(db, {
      get(target, key) {
        const value = Reflect.get(target, key, target) as unknown;
        if (key === 'prepare')
          return (source: string) => {
            const statement = target.prepare(source);
            if (!source.startsWith('PRAGMA index_list')) return statement;
            // The statement runs (a read), then the other connection tries to commit.
            const all = statement.all.bind(statement);
            return Object.assign(statement, {
              all: (...params: unknown[]) => {
                const rows = all(...params);
                if (othersCommit === 'not tried') {
                  try {
                    other.exec(`INSERT INTO c_docs (id, doc) VALUES ('other', '{}')`);
                    othersCommit = 'committed';
                  } catch (error) {
                    othersCommit = String((error as { code?: unknown }).code);
                  }
                }
                return rows;
              },
            });
          };
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const ids = Array.from({ length: 1500 }, () => randomUUID());
    expect(
      writeDocuments(writer, { tables: [{ table: '"c_docs"', ids, jsons: ids.map(() => '{}') }] }),
    ).toEqual({ ok: true });
    // It waited for this write instead (busy_timeout 0 here: refused at once).
    expect(othersCommit).toBe('SQLITE_BUSY');
    other.exec(`INSERT INTO c_docs (id, doc) VALUES ('other', '{}')`);
    expect(db.prepare('SELECT count(*) AS n FROM c_docs').get()).toEqual({ n: 1501 });
    other.close();
    db.close();
    rmSync(dirname(file), { recursive: true, force: true });
  });
});

describe("writeDocuments' schema statements", () => {
  /** The connection, recording for each statement `exec` runs the sorter's settings at that moment. */
  function recording(db: Database.Database) {
    const seen = new Map<string, [unknown, unknown]>();
    const conn = new Proxy(db, {
      get(target, key) {
        const value = Reflect.get(target, key, target) as unknown;
        if (key === 'exec')
          return (sql: string) => {
            seen.set(/(INDEX|TABLE)(?: IF NOT EXISTS)? "(\w+)"/.exec(sql)?.[2] ?? sql, [
              target.pragma('threads', { simple: true }),
              target.pragma('cache_size', { simple: true }),
            ]);
            return target.exec(sql);
          };
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return { conn, seen };
  }

  /** A connection whose settings differ from both the defaults and the sort's. */
  function connection(): Database.Database {
    const db = new Database(':memory:');
    db.pragma('cache_size = 5000');
    db.pragma('threads = 3');
    return db;
  }

  it('make a new index over rows with an 8 MiB cache and one helper thread, and nothing else', () => {
    const db = connection();
    // The statements the store makes (collection-schema.ts): an index the regex missed would be
    // made without the helper, and only this test would say so.
    const byN = [{ name: 'n', fields: [['n', 1]] as Array<[string, 1 | -1]> }];
    // The table as a load makes it, without its id index.
    db.exec(collectionSchema('docs', byN, true)[0]);
    const byNIndex = collectionSchema('docs', byN, false)[1];
    const oldIndex = collectionSchema('docs', [{ name: 'old', fields: [['o', 1]] }], false)[1];
    db.exec(oldIndex);
    const ids = Array.from({ length: 3000 }, () => randomUUID());
    const insert = db.prepare('INSERT INTO c_docs (id, doc) VALUES (?, ?)');
    ids.forEach((id, i) => insert.run(id, JSON.stringify({ n: i % 7 })));
    const { conn, seen } = recording(db);

    const result = writeDocuments(conn, {
      schema: [...collectionSchema('empty', byN, false), oldIndex, byNIndex],
      idIndexes: [{ table: table('docs'), create: idIndex('docs') }],
      tables: [{ table: table('docs'), ids: ['added'], jsons: ['{"n":1}'] }],
      schemaAfter: [`CREATE INDEX "i_docs_id_n" ON "c_docs" (id, json_extract(doc, '$.n'))`],
    });

    expect(result).toEqual({ ok: true });
    expect(Object.fromEntries(seen)).toEqual({
      c_empty: [3, 5000],
      i_empty_n: [3, 5000],
      i_docs_old: [3, 5000],
      i_docs_n: [1, -8192],
      id_docs: [1, -8192],
      i_docs_id_n: [1, -8192],
    });
    expect([
      db.pragma('threads', { simple: true }),
      db.pragma('cache_size', { simple: true }),
    ]).toEqual([3, 5000]);
    const names = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index'`).pluck().all();
    expect(names).toEqual(
      expect.arrayContaining(['i_empty_n', 'i_docs_n', 'id_docs', 'i_docs_id_n']),
    );
    expect(db.prepare('SELECT count(*) FROM c_docs').pluck().get()).toBe(ids.length + 1);
    db.close();
  });

  it('give the connection its settings back when the index fails', () => {
    const db = connection();
    db.exec('CREATE TABLE "c_docs" (id TEXT NOT NULL, doc TEXT NOT NULL)');
    db.exec(`INSERT INTO c_docs (id, doc) VALUES ('twice', '{}'), ('twice', '{}')`);
    const { conn, seen } = recording(db);

    const result = writeDocuments(conn, {
      schema: ['CREATE UNIQUE INDEX "i_docs_u" ON "c_docs" (id)'],
      tables: [],
    });

    expect(result).toEqual({ duplicate: -1 });
    expect(seen.get('i_docs_u')).toEqual([1, -8192]);
    expect([
      db.pragma('threads', { simple: true }),
      db.pragma('cache_size', { simple: true }),
    ]).toEqual([3, 5000]);
    db.close();
  });
});
