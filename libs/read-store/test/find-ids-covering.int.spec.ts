import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { table } from '../src/embedded/collection-schema';
import { compileFind } from '../src/embedded/sql-filter';
import { SqliteReadStore } from '../src/embedded/sqlite-read-store';
import type { Filter } from '../src/read-store.port';

/**
 * SQLite's plan for `findIds`: an index holding every field the filter names and then `_id`
 * answers it without reading a row (a covering index), as discovery's swipe reads rely on
 * (docs/discovery-swipes-by-id.md). The statement is the one the store prepares (`compileFind`),
 * shown to SQLite's EXPLAIN QUERY PLAN on a second connection to the same file.
 */
describe('SQLite read store: findIds from an index alone', () => {
  let dir: string;
  let store: SqliteReadStore;
  let db: Database.Database;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'companion-find-ids-'));
    store = new SqliteReadStore(join(dir, 'read.db'));
    await store.ensureCollection('swipes', [
      {
        name: 'likes_received',
        fields: [
          ['targetId', 1],
          ['liked', 1],
          ['_id', 1],
        ],
      },
    ]);
    db = new Database(join(dir, 'read.db'), { readonly: true });
  });
  afterAll(async () => {
    db.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const plan = (column: 'id' | 'doc', filter: Filter) => {
    const { sql, params } = compileFind(table('swipes'), column, filter);
    return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>)
      .map((r) => r.detail)
      .join('; ');
  };

  it('reads the likes an agent received from the index that holds the swiper in the id', () => {
    const likes = { targetId: 'a', liked: true };
    expect(plan('id', likes)).toMatch(/USING COVERING INDEX i_swipes_likes_received/);
    // The documents need the row: the same filter is not covered there.
    expect(plan('doc', likes)).not.toMatch(/COVERING/);
  });

  it("reads an agent's own swipes as a range of the id index", () => {
    const range = { _id: { $gt: 'a:', $lt: 'a;' } };
    expect(plan('id', range)).toMatch(/USING COVERING INDEX \S+ \(id>\? AND id<\?\)/);
    expect(plan('doc', range)).not.toMatch(/COVERING/);
  });
});
