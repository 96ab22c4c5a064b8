import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { CheckpointerData } from './wal-checkpointer';

/**
 * The checkpoint thread's module (WalCheckpointer): a connection of its own that copies the WAL's
 * committed frames into the database file every `everyMs`, beside the writer thread. PASSIVE never
 * waits for the writer or a reader, and the writer never waits for its locks (its syncs share the
 * disk): SQLite lets one checkpoint run while another connection writes
 * (https://www.sqlite.org/wal.html, "Checkpointing"). With nothing new in the log it returns
 * without copying or syncing anything.
 *
 * A failure ends the thread with an error event: the writer's own automatic checkpoint, kept as a
 * fallback, takes over (WalCheckpointer).
 */
const data = workerData as CheckpointerData;
const port = parentPort!;

const db = new Database(data.filename);
for (const pragma of data.pragmas) db.pragma(pragma);
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), data.everyMs);
port.on('message', (m: { close: true }) => {
  if (!m.close) return;
  clearInterval(timer);
  db.close();
  port.postMessage({ closed: true });
});
