import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { WriterThread } from '../src';
import { appendBatch, AppendBatch, AppendOutcome } from '../src/sqlite/append-batch';
import { openEventLog } from '../src/sqlite/event-rows';
import { WalCheckpointer } from '../src/sqlite/wal-checkpointer';
import { pollDatabaseFileAlone, queryDatabaseFileAlone } from '../src/testing/database-file-alone';
import { endThread } from './fixtures/thread-ends-writing';

describe('WriterThread: a write function loaded by path on its own thread', () => {
  const file = () => join(mkdtempSync(join(tmpdir(), 'writer-thread-')), 'events.db');

  it('runs the write function its module exports, on a connection of its own, and returns its result', async () => {
    const filename = file();
    openEventLog(filename).close();
    const writer = new WriterThread<AppendBatch, AppendOutcome[]>(filename, [], {
      module: require.resolve('../src/sqlite/append-batch'),
      write: appendBatch,
    });
    try {
      const outcomes = await writer.write({
        batch: [
          {
            streamName: 'thread-1',
            events: [{ id: randomUUID(), type: 'Written', data: { n: 1 }, metadata: {} }],
            expected: 'no_stream',
          },
        ],
        recordedAt: '2026-11-23T00:00:00.000Z',
      });
      expect(outcomes).toEqual([{ ok: { nextRevision: 0, position: 1 } }]);
    } finally {
      await writer.close();
    }
    await expect(
      writer.write({ batch: [], recordedAt: '2026-11-23T00:00:00.000Z' }),
    ).rejects.toThrow(`the writer thread of ${filename} is closed`);
    const db = new Database(filename, { readonly: true });
    expect(db.prepare('SELECT stream_name, type FROM events').all()).toEqual([
      { stream_name: 'thread-1', type: 'Written' },
    ]);
    db.close();
  });

  it('once started, posts a write in the call itself: the thread writes while the caller is still busy in the same turn', async () => {
    const filename = file();
    openEventLog(filename).close();
    const writer = new WriterThread<AppendBatch, AppendOutcome[]>(filename, [], {
      module: require.resolve('../src/sqlite/append-batch'),
      write: appendBatch,
    });
    const reader = new Database(filename, { readonly: true });
    try {
      await writer.ready;
      const written = writer.write({
        batch: [
          {
            streamName: 'posted-1',
            events: [{ id: randomUUID(), type: 'Written', data: {}, metadata: {} }],
            expected: 'no_stream',
          },
        ],
        recordedAt: '2026-11-27T00:00:00.000Z',
      });
      // The event loop stays blocked, and no microtask runs, until the row is in the file: a request
      // posted only after a turn of the microtask queue would never get there.
      const sleep = new Int32Array(new SharedArrayBuffer(4));
      const count = reader.prepare('SELECT count(*) AS n FROM events');
      const deadline = Date.now() + 10_000;
      let rows = 0;
      while ((rows = (count.get() as { n: number }).n) === 0 && Date.now() < deadline)
        Atomics.wait(sleep, 0, 0, 5);
      expect(rows).toBe(1);
      await expect(written).resolves.toEqual([{ ok: { nextRevision: 0, position: 1 } }]);
    } finally {
      reader.close();
      await writer.close();
    }
  });

  describe('checkpoints', () => {
    // A fallback threshold no test reaches: only a checkpoint thread copies these frames.
    const pragmas = ['journal_mode = WAL', 'wal_autocheckpoint = 100000'];
    const appendOne = (writer: WriterThread<AppendBatch, AppendOutcome[]>) =>
      writer.write({
        batch: [
          {
            streamName: 'checkpointed-1',
            events: [{ id: randomUUID(), type: 'Written', data: {}, metadata: {} }],
            expected: 'no_stream',
          },
        ],
        recordedAt: '2026-11-27T00:00:00.000Z',
      });
    const streamsInFileAlone = 'SELECT stream_name FROM events';

    it('with checkpointEveryMs, copies committed frames into the database file on a thread of its own', async () => {
      const filename = file();
      openEventLog(filename).close();
      const writer = new WriterThread<AppendBatch, AppendOutcome[]>(
        filename,
        pragmas,
        { module: require.resolve('../src/sqlite/append-batch'), write: appendBatch },
        { checkpointEveryMs: 10 },
      );
      try {
        await appendOne(writer);
        const rows = await pollDatabaseFileAlone(
          filename,
          streamsInFileAlone,
          (r) => r.length > 0,
          30_000,
        );
        expect(rows).toEqual([{ stream_name: 'checkpointed-1' }]);
      } finally {
        await writer.close();
      }
    });

    it('reports a checkpoint thread that fails, naming the file, and closes', async () => {
      const missing = join(file(), 'no-such-directory', 'events.db');
      let checkpointer: WalCheckpointer | undefined;
      const warned = new Promise<string>((resolve) => {
        checkpointer = WalCheckpointer.start(missing, [], 10, resolve);
      });
      expect(checkpointer).toBeDefined();
      expect(await warned).toMatch(
        new RegExp(`WAL checkpoints of ${missing} stopped .*its writer checkpoints on its own`),
      );
      await checkpointer?.close();
    });

    it('without it, the frames stay in the log until the writer reaches its own threshold', async () => {
      const filename = file();
      openEventLog(filename).close();
      const writer = new WriterThread<AppendBatch, AppendOutcome[]>(filename, pragmas, {
        module: require.resolve('../src/sqlite/append-batch'),
        write: appendBatch,
      });
      try {
        await appendOne(writer);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(queryDatabaseFileAlone(filename, streamsInFileAlone)).toEqual([]);
      } finally {
        await writer.close();
      }
    });
  });

  it('fails to start, saying why, when the module does not export the function', async () => {
    const writer = new WriterThread<AppendBatch, AppendOutcome[]>(file(), [], {
      module: require.resolve('../src/sqlite/event-rows'),
      write: appendBatch,
    });
    await expect(writer.ready).rejects.toThrow(/exports no write function appendBatch/);
    await writer.close();
  });

  it('closes when its failure to start and its end are heard in the same turn', async () => {
    const writer = new WriterThread<AppendBatch, AppendOutcome[]>(file(), [], {
      module: require.resolve('../src/sqlite/event-rows'),
      write: appendBatch,
    });
    // This thread reads nothing for 2 s: by then the writer thread has failed and ended, and Node
    // emits both at once when it next reads (what CI met under load, at random).
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2_000);
    await expect(writer.ready).rejects.toThrow(/exports no write function appendBatch/);
    await writer.close();
  });

  describe('a thread that ends without an error', () => {
    it('fails the write it was running, saying so, and closes although it has already ended', async () => {
      const filename = file();
      const writer = new WriterThread<unknown, never>(filename, [], {
        module: require.resolve('./fixtures/thread-ends-writing'),
        write: endThread,
      });
      await writer.ready;
      await expect(writer.write({})).rejects.toThrow(
        `the writer thread of ${filename} ended (exit code 3)`,
      );
      // The thread's 'exit' has been emitted (the write failed on it): close hears of it all the same.
      await writer.close();
      await expect(writer.write({})).rejects.toThrow(/ended \(exit code 3\)/);
    });

    it('fails to start, saying so, when it ends while its module loads', async () => {
      // Only the name is passed to the thread: importing the fixture here would end this process.
      const neverReady = (): void => undefined;
      const writer = new WriterThread<unknown, void>(file(), [], {
        module: require.resolve('./fixtures/thread-ends-loading'),
        write: neverReady,
      });
      await expect(writer.ready).rejects.toThrow(/ended \(exit code 4\)/);
      await writer.close();
    });
  });
});
