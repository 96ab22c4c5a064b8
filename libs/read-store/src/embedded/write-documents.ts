import type { Write } from '../read-store.port';
import { execSchema } from './index-sort';

/**
 * The embedded read store's write path, as one function of its own module: the writer thread loads
 * this module by path (WriterThread), and an in-memory database (which no other thread can open)
 * calls it directly. One transaction: documents and the checkpoints written with them commit together.
 */
/**
 * One table's writes, in order: `ids[i]` gets the document `jsons[i]`, or is deleted when that is
 * null. Grouped by table, so the writer prepares a statement once per table and batch (not a SQL
 * text per document), and parallel arrays of strings cross the thread boundary cheaper than one
 * object per document.
 */
export interface TableWrites {
  /** The quoted table name. */
  table: string;
  ids: string[];
  jsons: Array<string | null>;
  /**
   * A collection being loaded (LoadingCollections): the row of each document, named by the main
   * thread, since the table has no id index yet (0 for a deleted document that has none).
   */
  rows?: number[];
}

export interface DocumentWriteRequest {
  /** Schema statements (tables, indexes), run first in the same transaction. */
  schema?: string[];
  /**
   * Run after `schema`: each table without a unique index on `id` alone gets the statement's (a
   * load ends, LoadingCollections). Asked in the write transaction, where no other writer can
   * change the schema between the question and the statement.
   */
  idIndexes?: Array<{ table: string; create: string }>;
  tables: TableWrites[];
  /** Schema statements run last in the same transaction: a load's id index, after its rows. */
  schemaAfter?: string[];
}

/** The writes of one call, per collection in order of first appearance, as the thread takes them. */
export function groupByTable(
  writes: readonly Write[],
  tableOf: (collection: string) => string,
): Map<string, TableWrites> {
  const byCollection = new Map<string, TableWrites>();
  for (const w of writes) {
    let group = byCollection.get(w.collection);
    if (!group)
      byCollection.set(
        w.collection,
        (group = { table: tableOf(w.collection), ids: [], jsons: [] }),
      );
    group.ids.push(w.op === 'put' ? w.doc._id : w.id);
    group.jsons.push(w.op === 'put' ? JSON.stringify(w.doc) : null);
  }
  return byCollection;
}

/**
 * `duplicate`: the index, in `tables`, of the table whose unique index refused a document; -1 when
 * a schema statement could not make a unique index (the table holds a value twice).
 */
export type DocumentWriteResult = { ok: true } | { duplicate: number } | { failed: string };

/** Rows of one table's write at most that `keyOrder` orders (the position's share of a key). */
const ROWS = 2 ** 24;
/**
 * Rows of one table's write from which they go in in their ids' order: a rebuild's batches. The
 * live loop's writes, a few documents each, go in as given.
 */
const ORDER_FROM_ROWS = 1_000;

/**
 * The positions of `ids` in about the ids' sort order. The unique id index is a B-tree of random
 * ids (UUIDs): inserting a batch's ids in order walks it from one end to the other instead of
 * jumping to a leaf out of the CPU's caches for each (1 000 000 ids in batches of 50 000: 4.9 s
 * instead of 8.3 s, docs/rebuild-writer-thread.md). The order need only be local, not exact: each key is
 * the id's first four characters (seven bits each) above its position, sorted by a typed array's
 * numeric sort without a comparator call per pair. The same id twice keeps its order (same key
 * above the position), so the later write still wins.
 */
export function keyOrder(ids: readonly string[]): Float64Array {
  const n = ids.length;
  const keys = new Float64Array(n);
  if (n > ROWS) return keys.map((_, i) => i);
  for (let i = 0; i < n; i++) {
    const id = String(ids[i]);
    const prefix =
      ((id.charCodeAt(0) & 127) << 21) |
      ((id.charCodeAt(1) & 127) << 14) |
      ((id.charCodeAt(2) & 127) << 7) |
      (id.charCodeAt(3) & 127);
    keys[i] = prefix * ROWS + i;
  }
  keys.sort();
  for (let j = 0; j < n; j++) keys[j] %= ROWS;
  return keys;
}

/**
 * Whether a table's rows may be written in any order: not when it has a unique index of its own
 * (one a collection declares, `i_…`; not the id index a load ends with, `id_…`), where one
 * document may give up a value that the next one takes.
 * Asked for every large write (one pragma beside a thousand inserts), so an index made since,
 * here or by another process, is never missed.
 */
function anyOrder(db: any, table: string): boolean {
  return !indexList(db, table).some(
    (index) => index.unique === 1 && index.origin === 'c' && index.name.startsWith('i_'),
  );
}

/** Whether the table has a unique index on `id` alone (a loaded one has none until it ends). */
function idIndexed(db: any, table: string): boolean {
  return indexList(db, table).some(
    (i) =>
      i.unique === 1 &&
      (db.prepare(`PRAGMA index_info("${i.name}")`).all() as Array<{ name: string }>)
        .map((c) => c.name)
        .join() === 'id',
  );
}

function indexList(
  db: any,
  table: string,
): Array<{ name: string; unique: number; origin: string }> {
  return db.prepare(`PRAGMA index_list(${table})`).all();
}

/**
 * A loading collection's writes, by row: new rows are appended (their numbers grow in write
 * order), a document written before replaces its row. A conflict on a declared unique index still
 * fails the write (a `REPLACE` would have deleted the other document).
 */
function writeRows(
  statement: (sql: string) => { run(...params: unknown[]): unknown },
  table: string,
  ids: readonly string[],
  jsons: ReadonlyArray<string | null>,
  rows: readonly number[],
): void {
  const put = statement(
    `INSERT INTO ${table} (rowid, id, doc) VALUES (?, ?, ?) ON CONFLICT(rowid) DO UPDATE SET doc = excluded.doc`,
  );
  const remove = statement(`DELETE FROM ${table} WHERE rowid = ?`);
  for (let i = 0; i < ids.length; i++) {
    const json = jsons[i];
    if (json === null) remove.run(rows[i]);
    else put.run(rows[i], ids[i], json);
  }
}

export function writeDocuments(
  db: any,
  { schema = [], idIndexes = [], tables, schemaAfter = [] }: DocumentWriteRequest,
): DocumentWriteResult {
  const statements: Map<string, { run(...params: unknown[]): unknown }> =
    db.__companionStatements ?? (db.__companionStatements = new Map());
  const statement = (sql: string) => {
    let s = statements.get(sql);
    if (!s) {
      s = db.prepare(sql) as { run(...params: unknown[]): unknown };
      statements.set(sql, s);
    }
    return s;
  };
  let current = -1;
  try {
    // IMMEDIATE: the write lock is taken (waiting as busy_timeout allows) before anything is
    // read. A deferred transaction that reads first (a table's indexes, before ordering) and
    // then writes fails at once with SQLITE_BUSY_SNAPSHOT if another connection committed in
    // between: the lease's renewal on the main thread's connection does, every few seconds.
    db.transaction(() => {
      if (schema.length > 0 || idIndexes.length > 0) statements.clear();
      for (const sql of schema) execSchema(db, sql);
      for (const { table, create } of idIndexes) if (!idIndexed(db, table)) execSchema(db, create);
      for (let t = 0; t < tables.length; t++) {
        current = t;
        const { table, ids, jsons, rows } = tables[t];
        if (rows) {
          writeRows(statement, table, ids, jsons, rows);
          continue;
        }
        const upsert = statement(
          `INSERT INTO ${table} (id, doc) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc`,
        );
        const order = ids.length >= ORDER_FROM_ROWS && anyOrder(db, table) ? keyOrder(ids) : null;
        for (let j = 0; j < ids.length; j++) {
          const i = order ? order[j] : j;
          const json = jsons[i];
          if (json === null) statement(`DELETE FROM ${table} WHERE id = ?`).run(ids[i]);
          else upsert.run(ids[i], json);
        }
      }
      current = -1;
      for (const sql of schemaAfter) execSchema(db, sql);
    }).immediate();
    if (schemaAfter.length > 0) statements.clear();
    return { ok: true };
  } catch (error) {
    // Matched by code, not class: better-sqlite3's error class belongs to whichever realm loaded it.
    const code = String((error as { code?: unknown }).code);
    if (code.startsWith('SQLITE_CONSTRAINT_UNIQUE')) return { duplicate: current };
    // A table dropped since its statement was prepared: prepare again next time.
    statements.clear();
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}
