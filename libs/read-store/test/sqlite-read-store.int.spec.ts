import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
