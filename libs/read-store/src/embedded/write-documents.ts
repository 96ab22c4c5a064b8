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
}

export interface DocumentWriteRequest {
  /** Schema statements (tables, indexes), run first in the same transaction. */
  schema?: string[];
  tables: TableWrites[];
}

/** `duplicate`: the index, in `tables`, of the table whose unique index refused a document. */
export type DocumentWriteResult = { ok: true } | { duplicate: number } | { failed: string };

export function writeDocuments(
  db: any,
  { schema = [], tables }: DocumentWriteRequest,
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
    db.transaction(() => {
      if (schema.length > 0) statements.clear();
      for (const sql of schema) db.exec(sql);
      for (let t = 0; t < tables.length; t++) {
        current = t;
        const { table, ids, jsons } = tables[t];
        const upsert = statement(
          `INSERT INTO ${table} (id, doc) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc`,
        );
        for (let i = 0; i < ids.length; i++) {
          const json = jsons[i];
          if (json === null) statement(`DELETE FROM ${table} WHERE id = ?`).run(ids[i]);
          else upsert.run(ids[i], json);
        }
      }
    })();
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
