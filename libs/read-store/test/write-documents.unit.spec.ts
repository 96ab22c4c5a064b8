import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CHECKPOINT_PAGES, keyOrder, writeDocuments } from '../src/embedded/write-documents';

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

  it("check points a rebuild's batches less often than the live writes", () => {
    const db = new Database(join(mkdtempSync(join(tmpdir(), 'companion-wd-')), 'read.db'));
    db.pragma('journal_mode = WAL');
    db.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES.live}`);
    db.exec('CREATE TABLE "c_docs" (id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL)');
    const pages = () => db.pragma('wal_autocheckpoint', { simple: true });
    const write = (unshared: boolean) =>
      writeDocuments(db, { tables: [{ table: '"c_docs"', ids: ['a'], jsons: ['{}'] }], unshared });
    expect(write(true)).toEqual({ ok: true });
    expect(pages()).toBe(CHECKPOINT_PAGES.rebuild);
    expect(write(false)).toEqual({ ok: true });
    expect(pages()).toBe(CHECKPOINT_PAGES.live);
    expect(CHECKPOINT_PAGES.rebuild).toBeGreaterThan(CHECKPOINT_PAGES.live);
    db.close();
  });
});
