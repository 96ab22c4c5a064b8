import { join } from 'node:path';
import Database from 'better-sqlite3';

/** What the embedded read store's file in `dir` holds, through a connection of its own. */
export function look<T>(dir: string, query: (db: Database.Database) => T): T {
  const db = new Database(join(dir, 'read.db'), { readonly: true });
  try {
    return query(db);
  } finally {
    db.close();
  }
}

/** A collection's indexes in that file, each as `name` or `name (unique)`. */
export const indexesOf = (dir: string, collection: string): string[] =>
  look(dir, (db) =>
    (
      db.prepare(`PRAGMA index_list("c_${collection}")`).all() as Array<{
        name: string;
        unique: number;
      }>
    ).map((i) => `${i.name}${i.unique ? ' (unique)' : ''}`),
  );
