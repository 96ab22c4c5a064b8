import { SqliteReadStore } from '../src/embedded/sqlite-read-store';
import { readStoreContract } from '../src/testing/read-store.contract';

readStoreContract('SQLite (embedded)', async () => new SqliteReadStore(':memory:'));
readStoreContract('SQLite (embedded) with the document cache', async () => new SqliteReadStore(':memory:', { cacheDocuments: 3 }));
