import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { WrongExpectedRevisionError } from '../src/event-store.port';
import { SqliteEventStore } from '../src/sqlite/sqlite-event-store';

// A stream's head (its last revision) is read from the events' (stream_name, revision) index, not
// from a table of heads: that table cost every append a second page written at random
// (docs/write-path-cost.md, "Kept: no table of stream heads").
const meta = { occurredAt: '2026-11-28T12:00:00.000Z' };
const event = () => ({ id: randomUUID(), type: 'A', data: {}, metadata: meta });
const files: string[] = [];
const newFile = () => {
  const file = join(mkdtempSync(join(tmpdir(), 'companion-es-heads-')), 'events.db');
  files.push(file);
  return file;
};
afterAll(() => {
  for (const file of files) rmSync(dirname(file), { recursive: true, force: true });
});

/** A file of the schema before 2026-11-28: `pair-a` at revision 2, its head in the table at 0. */
function oldFileWithStaleHead(): string {
  const file = newFile();
  const old = new Database(file);
  old.exec(`
    CREATE TABLE events (
      position    INTEGER PRIMARY KEY AUTOINCREMENT,
      event_id    TEXT    NOT NULL UNIQUE,
      stream_name TEXT    NOT NULL,
      revision    INTEGER NOT NULL,
      type        TEXT    NOT NULL,
      data        TEXT    NOT NULL,
      metadata    TEXT    NOT NULL,
      recorded_at TEXT    NOT NULL,
      UNIQUE (stream_name, revision)
    );
    CREATE TABLE streams (
      name          TEXT    PRIMARY KEY,
      last_revision INTEGER NOT NULL,
      last_position INTEGER NOT NULL
    ) WITHOUT ROWID;
    INSERT INTO streams VALUES ('pair-a', 0, 1);
  `);
  const insert = old.prepare(
    `INSERT INTO events (event_id, stream_name, revision, type, data, metadata, recorded_at)
     VALUES (?, 'pair-a', ?, 'A', '{}', ?, ?)`,
  );
  for (const revision of [0, 1, 2])
    insert.run(randomUUID(), revision, JSON.stringify(meta), meta.occurredAt);
  old.close();
  return file;
}

const headsTable = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT * FROM streams ORDER BY name').all();
  } finally {
    db.close();
  }
};

describe('SQLite event store: stream heads', () => {
  it('takes each head from the events on a file made with a table of heads, and leaves the table as it is', async () => {
    // A build that read the table would take revision 0 for a stream whose last revision is 2.
    const file = oldFileWithStaleHead();
    const store = new SqliteEventStore({ filename: file });
    try {
      const stale = store.append('pair-a', [event()], 0);
      await expect(stale).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(stale).rejects.toMatchObject({ actual: 2 });
      expect(await store.append('pair-a', [event()], 2)).toMatchObject({ nextRevision: 3 });
      expect(await store.append('pair-a', [event()], 'stream_exists')).toMatchObject({
        nextRevision: 4,
      });
      expect(await store.append('pair-a', [event()], 'any')).toMatchObject({ nextRevision: 5 });
      await expect(store.append('pair-a', [event()], 'no_stream')).rejects.toMatchObject({
        actual: 5,
      });
      expect(await store.append('pair-b', [event()], 'no_stream')).toMatchObject({
        nextRevision: 0,
      });
      expect((await store.readStream('pair-a')).map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5]);
    } finally {
      await store.close();
    }
    // Neither read nor written by this code.
    expect(headsTable(file)).toEqual([{ name: 'pair-a', last_revision: 0, last_position: 1 }]);
  });

  it("makes the table of heads again with docs/operations.md's statement, as the build before kept it", async () => {
    const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'operations.md'), 'utf8');
    const statement = /sqlite3 data\/events\.db "([^"]+)"/.exec(doc)?.[1];
    expect(statement).toMatch(/^DROP TABLE IF EXISTS streams;/);
    expect(statement).toContain('INSERT INTO streams');
    const file = oldFileWithStaleHead();
    const store = new SqliteEventStore({ filename: file });
    try {
      await store.append('pair-a', [event(), event()], 2);
      await store.append('pair-b', [event()], 'no_stream');
    } finally {
      await store.close();
    }
    const db = new Database(file);
    try {
      db.exec(statement!);
    } finally {
      db.close();
    }
    const reopened = new SqliteEventStore({ filename: file });
    try {
      const heads = (await reopened.listStreams()).map((s) => ({
        name: s.streamName,
        last_revision: s.lastRevision,
        last_position: s.lastPosition,
      }));
      expect(heads).toEqual([
        { name: 'pair-a', last_revision: 4, last_position: 5 },
        { name: 'pair-b', last_revision: 0, last_position: 6 },
      ]);
      expect(headsTable(file)).toEqual(heads);
    } finally {
      await reopened.close();
    }
  });

  it("lists each stream with its last revision and its last event's position, in name order, up to maxCount", async () => {
    const store = new SqliteEventStore({ filename: newFile() });
    try {
      await store.append('list-b', [event(), event()], 'no_stream');
      const a = await store.append('list-a', [event()], 'no_stream');
      await store.append('other-x', [event()], 'no_stream');
      const b = await store.append('list-b', [event()], 1);
      const c = await store.append('list-c', [event(), event()], 'no_stream');
      const expected = [
        { streamName: 'list-a', lastRevision: 0, lastPosition: a.position },
        { streamName: 'list-b', lastRevision: 2, lastPosition: b.position },
        { streamName: 'list-c', lastRevision: 1, lastPosition: c.position },
      ];
      expect(await store.listStreams({ prefix: 'list-' })).toEqual(expected);
      expect(await store.listStreams({ prefix: 'list-', maxCount: 2 })).toEqual(
        expected.slice(0, 2),
      );
      expect(await store.listStreams({ prefix: 'list-b' })).toEqual([expected[1]]);
      expect(await store.listStreams({ prefix: 'none-' })).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
