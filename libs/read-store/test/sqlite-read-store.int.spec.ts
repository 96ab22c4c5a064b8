import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pollDatabaseFileAlone } from '../../event-store/src/testing/database-file-alone';
import { SqliteReadStore } from '../src/embedded/sqlite-read-store';
import { readStoreContract } from '../src/testing/read-store.contract';

readStoreContract('SQLite (embedded, in memory)', async () => new SqliteReadStore(':memory:'));
readStoreContract(
  'SQLite (embedded, in memory) with the document cache',
  async () => new SqliteReadStore(':memory:', { cacheDocuments: 3, freezeDocuments: true }),
);
// A file, as the API runs it: writes on the writer thread, documents cached in this one.
readStoreContract(
  'SQLite (embedded, a file) with the writer thread and the document cache',
  async () =>
    new SqliteReadStore(join(mkdtempSync(join(tmpdir(), 'companion-read-')), 'read.db'), {
      cacheDocuments: 3,
      freezeDocuments: true,
    }),
);

describe('SQLite read store (a file): its checkpoints', () => {
  it("copies a write into the database file on a checkpoint thread, far below the writer's own threshold", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'companion-read-')), 'read.db');
    const store = new SqliteReadStore(file);
    try {
      await store.ensureCollection('notes');
      await store.write([{ collection: 'notes', op: 'put', doc: { _id: 'n-1', text: 'kept' } }]);
      // One document is a few pages; the writer would checkpoint only at 10 000.
      const rows = await pollDatabaseFileAlone<{ id: string }>(
        file,
        'SELECT id FROM c_notes',
        (r) => r.length > 0,
        30_000,
      );
      expect(rows).toEqual([{ id: 'n-1' }]);
    } finally {
      await store.close();
    }
  });
});
