import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * What a query finds in a SQLite file's database alone, without its write-ahead log: only what a
 * checkpoint has copied there. It reads a copy of the file, so a copy taken while a checkpoint was
 * writing it may be torn: that read answers null, and a caller polls again.
 */
export function queryDatabaseFileAlone<T>(filename: string, sql: string): T[] | null {
  const dir = mkdtempSync(join(tmpdir(), 'file-alone-'));
  try {
    const copy = join(dir, 'copy.db');
    copyFileSync(filename, copy);
    const db = new Database(copy);
    try {
      return db.prepare(sql).all() as T[];
    } finally {
      db.close();
    }
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Polls `queryDatabaseFileAlone` until `done` accepts its rows; the last rows read either way. */
export async function pollDatabaseFileAlone<T>(
  filename: string,
  sql: string,
  done: (rows: T[]) => boolean,
  timeoutMs: number,
): Promise<T[] | null> {
  const deadline = Date.now() + timeoutMs;
  let rows: T[] | null = null;
  while (Date.now() < deadline) {
    rows = queryDatabaseFileAlone<T>(filename, sql);
    if (rows && done(rows)) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return rows;
}
