import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { WriteFunction, WriterThreadData } from './writer-thread';

/**
 * The writer thread's module (WriterThread): one SQLite connection that runs the write function
 * exported as `workerData.exportName` by the module `workerData.module`, one request at a time.
 */
const data = workerData as WriterThreadData;
const port = parentPort!;

async function main(): Promise<void> {
  const exports = (await import(data.module)) as Record<string, WriteFunction<unknown, unknown>>;
  const write = exports[data.exportName];
  if (typeof write !== 'function')
    throw new Error(`${data.module} exports no write function ${data.exportName}`);
  const db = new Database(data.filename);
  for (const pragma of data.pragmas) db.pragma(pragma);
  port.on('message', (m: { id: number; request: unknown } | { close: true }) => {
    if ('close' in m) {
      db.close();
      port.postMessage({ closed: true });
      return;
    }
    port.postMessage({ id: m.id, result: write(db, m.request) });
  });
  port.postMessage({ ready: true });
}

// A failure to start ends the thread with an error event: WriterThread.ready rejects with it.
void main().catch((error) => {
  throw error;
});
