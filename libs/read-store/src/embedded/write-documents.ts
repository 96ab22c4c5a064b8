/**
 * The embedded read store's write path, as one self-contained function: the writer thread runs it
 * from its source text, and an in-memory database (which no other thread can open) calls it
 * directly. One transaction: documents and the checkpoints written with them commit together.
 */
export interface DocumentWrite {
  /** The quoted table name. */
  table: string;
  id: string;
  /** The document as JSON, or null to delete it. */
  json: string | null;
}

export interface DocumentWriteRequest {
  /** Schema statements (tables, indexes), run first in the same transaction. */
  schema?: string[];
  writes: DocumentWrite[];
}

export type DocumentWriteResult = { ok: true } | { duplicate: number } | { failed: string };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function writeDocuments(db: any, { schema = [], writes }: DocumentWriteRequest): DocumentWriteResult {
  const statements: Map<string, { run(...params: unknown[]): unknown }> = db.__companionStatements ?? (db.__companionStatements = new Map());
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
      for (let i = 0; i < writes.length; i++) {
        current = i;
        const w = writes[i];
        if (w.json === null) statement(`DELETE FROM ${w.table} WHERE id = ?`).run(w.id);
        else statement(`INSERT INTO ${w.table} (id, doc) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc`).run(w.id, w.json);
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
