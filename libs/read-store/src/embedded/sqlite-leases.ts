import type Database from 'better-sqlite3';
import { Lease, ReadStoreBusyError } from '../read-store.port';

/**
 * Takes or renews a lease in the leases' table `t` (quoted), on the main thread's connection, in
 * an IMMEDIATE transaction: it takes the file's write lock before reading, so two processes cannot
 * both see the lease free (busy_timeout waits).
 */
export function claimLease(
  db: Database.Database,
  t: string,
  id: string,
  owner: string,
  now: Date,
  until: Date,
): Lease {
  db.exec(`CREATE TABLE IF NOT EXISTS ${t} (id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL)`);
  const claim = db.transaction((): Lease => {
    const row = db.prepare(`SELECT doc FROM ${t} WHERE id = ?`).get(id) as
      { doc: string } | undefined;
    const held = row ? (JSON.parse(row.doc) as Lease) : undefined;
    if (held && held.owner !== owner && held.expiresAt > now.toISOString()) return held;
    const lease: Lease = { _id: id, owner, expiresAt: until.toISOString() };
    db.prepare(
      `INSERT INTO ${t} (id, doc) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc`,
    ).run(id, JSON.stringify(lease));
    return lease;
  });
  try {
    return claim.immediate();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') throw new ReadStoreBusyError(error);
    throw error;
  }
}

/** Gives the lease `id` up if `owner` holds it. */
export function releaseLease(db: Database.Database, t: string, id: string, owner: string): void {
  db.prepare(`DELETE FROM ${t} WHERE id = ? AND json_extract(doc, '$.owner') = ?`).run(id, owner);
}
