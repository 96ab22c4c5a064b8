/**
 * The page cache, in KiB, while an index is made. `CREATE INDEX` sorts every row of its table, and
 * SQLite's sorter hands pieces of the sort to helper threads (`PRAGMA threads`, none by default)
 * only once it has cut the rows into pieces, which it does at the page cache's size
 * (`vdbeSorterInit` in sqlite3.c). At the writer's 128 MiB the 930 005 messages of the
 * 1 000 000-event log were one piece, sorted on the writer's thread alone: their two indexes took
 * 4.6–5.4 s at a load's end, 3.6–4.0 s in 8 MiB pieces (docs/rebuild-sorts-and-batches.md).
 */
const SORT_PIECE_KIB = 8_192;
/**
 * One helper beside the writer's own thread: both cores of the machine it was measured on. One,
 * two and four helpers were within single-run noise of each other there, and in the API the main
 * thread serves requests while a rebuild ends.
 */
const SORT_HELPERS = 1;

/** The index statements collection-schema.ts writes: the index's name, then its table. */
const CREATE_INDEX = /^CREATE (?:UNIQUE )?INDEX (?:IF NOT EXISTS )?"([^"]+)" ON ("[^"]+")/;

/**
 * Runs a schema statement. One that makes a new index over rows runs with the sort cut into
 * pieces for a helper thread, and the connection gets its page cache and threads back after,
 * failed or not. Only that one: shrinking the cache drops the clean pages it held beyond the
 * pieces' size, which later writes read again from the operating system's cache. The pieces go
 * to temporary files (docs/operations.md says where).
 */
export function execSchema(db: any, sql: string): void {
  if (!sortsRows(db, sql)) {
    db.exec(sql);
    return;
  }
  const cache: number = db.pragma('cache_size', { simple: true });
  const threads: number = db.pragma('threads', { simple: true });
  try {
    db.pragma(`cache_size = -${SORT_PIECE_KIB}`);
    db.pragma(`threads = ${SORT_HELPERS}`);
    db.exec(sql);
  } finally {
    db.pragma(`threads = ${threads}`);
    db.pragma(`cache_size = ${cache}`);
  }
}

/** Whether the statement makes an index that does not exist yet, on a table that has rows. */
function sortsRows(db: any, sql: string): boolean {
  const index = CREATE_INDEX.exec(sql);
  if (!index) return false;
  const [, name, table] = index;
  if (db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?`).get(name))
    return false;
  const unquoted = table.slice(1, -1);
  // A table that does not exist: the statement itself says so.
  if (!db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(unquoted))
    return false;
  return db.prepare(`SELECT 1 FROM ${table} LIMIT 1`).get() !== undefined;
}
