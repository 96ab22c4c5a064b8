import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { SqliteEventStore } from '../src/sqlite/sqlite-event-store';
import { pollDatabaseFileAlone } from '../src/testing/database-file-alone';
import { eventStoreContract } from '../src/testing/event-store.contract';

eventStoreContract(
  'SQLite (embedded)',
  async () =>
    new SqliteEventStore({
      filename: join(mkdtempSync(join(tmpdir(), 'companion-es-')), 'events.db'),
    }),
);

describe('SQLite event store specifics', () => {
  const meta = { occurredAt: '2026-11-21T12:00:00.000Z' };

  it('keeps acknowledged appends across a reopen of the file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'companion-es-')), 'events.db');
    const store = new SqliteEventStore({ filename: file });
    await store.append(
      'agent-1',
      [{ id: randomUUID(), type: 'A', data: {}, metadata: meta }],
      'no_stream',
    );
    await store.close();
    const reopened = new SqliteEventStore({ filename: file });
    expect(await reopened.readStream('agent-1')).toHaveLength(1);
    await reopened.close();
  });

  it('writes concurrent appends as one batch (group commit)', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        store.append(
          `agent-${i}`,
          [{ id: randomUUID(), type: 'A', data: {}, metadata: meta }],
          'no_stream',
        ),
      ),
    );
    // All 50 were queued in the same turn of the event loop: one transaction, one WAL flush.
    expect(store.stats).toEqual({ commits: 1, appends: 50 });
    const all = await store.readAll({ maxCount: 100 });
    expect(results.map((r) => r.position)).toEqual(all.map((e) => e.position));
    await store.close();
  });

  it("copies acknowledged appends into the database file on a checkpoint thread, below the writer's own threshold", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'companion-es-')), 'events.db');
    const store = new SqliteEventStore({ filename: file });
    try {
      await store.append(
        'agent-1',
        [{ id: randomUUID(), type: 'A', data: {}, metadata: meta }],
        'no_stream',
      );
      // A few pages; the writer would checkpoint only at SQLite's 1 000.
      const rows = await pollDatabaseFileAlone(
        file,
        'SELECT stream_name FROM events',
        (r) => r.length > 0,
        30_000,
      );
      expect(rows).toEqual([{ stream_name: 'agent-1' }]);
    } finally {
      await store.close();
    }
  });

  it('rejects appends after close', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    await store.close();
    await expect(
      store.append('a-1', [{ id: randomUUID(), type: 'A', data: {}, metadata: meta }], 'any'),
    ).rejects.toThrow(/closed/);
  });
});
