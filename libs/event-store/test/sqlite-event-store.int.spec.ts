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

  it('reads from the file only the columns a projection reads, for a projected subscription without a stream filter', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'companion-es-')), 'events.db');
    const writer = new SqliteEventStore({ filename: file });
    await writer.append(
      'agent-1',
      [{ id: randomUUID(), type: 'A', data: { n: 1 }, metadata: meta }],
      'no_stream',
    );
    await writer.close();
    // Another store object: nothing of the append is handed over, the event is read from the file.
    const store = new SqliteEventStore({ filename: file });
    const first = async (filter?: { streamPrefixes: string[] }) => {
      const sub = store.subscribeProjected({ after: 0, filter });
      for await (const batch of sub.batches(10)) {
        await sub.close();
        return batch[0];
      }
    };
    try {
      expect(Object.keys((await first())!).sort()).toEqual([
        'data',
        'id',
        'metadata',
        'position',
        'type',
      ]);
      // A filter by stream needs the stream's name: whole rows, which are projected events too.
      expect(await first({ streamPrefixes: ['agent-'] })).toMatchObject({
        streamName: 'agent-1',
        data: { n: 1 },
      });
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
