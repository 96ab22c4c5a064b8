import type { Worker } from 'node:worker_threads';
import { moduleWorker } from '../module-worker';
import { WalCheckpointer } from './wal-checkpointer';

/**
 * A SQLite connection on its own thread that runs one write function. better-sqlite3 is
 * synchronous: on the main thread every statement and every commit (about 2 ms with
 * `synchronous=FULL`, docs/how-it-is-built.md "Event store") would stop all requests. Here the writes
 * run beside the event loop, and while one batch is being written the next one gathers: group
 * commit (the read store's commits and index upkeep likewise: docs/how-it-is-built.md).
 *
 * The write function is an export of a module file (append-batch.ts, write-documents.ts) that the
 * thread loads by path; it returns plain data (results cross threads). A `:memory:` store, which no
 * other thread can open, calls the same function directly.
 */
export type WriteFunction<Req, Res> = (db: any, request: Req) => Res;

/**
 * Which write function the thread runs: `write`, exported under its own name by the module file
 * `module` (`require.resolve('./append-batch')`: the `.js` in `dist/`, the `.ts` under ts-jest).
 */
export interface WriteModule<Req, Res> {
  module: string;
  write: WriteFunction<Req, Res>;
}

/** What the thread's module (writer-worker.ts) receives. */
export interface WriterThreadData {
  filename: string;
  pragmas: readonly string[];
  module: string;
  exportName: string;
}

export interface WriterThreadOptions {
  /**
   * Checkpoint the file's WAL on a thread of its own this often (ms), so that the writer's commits
   * never copy pages themselves (WalCheckpointer). Unset: the writer checkpoints as SQLite does.
   */
  checkpointEveryMs?: number;
}

export class WriterThread<Req, Res> {
  private readonly worker: Worker;
  private checkpointer?: WalCheckpointer;
  private readonly pending = new Map<number, (result: Res | undefined) => void>();
  private nextId = 1;
  private failure: Error | null = null;
  /** Set with `ready`: from then on a write is posted in the call itself (`write`). */
  private started = false;
  readonly ready: Promise<void>;
  /** Resolves once the thread has ended, however it ended. */
  private readonly exited: Promise<void>;
  /** What a write after `close` fails with, rather than the exit code `terminate` gives. */
  private readonly closedError: Error;

  constructor(
    filename: string,
    pragmas: readonly string[],
    { module, write }: WriteModule<Req, Res>,
    { checkpointEveryMs }: WriterThreadOptions = {},
  ) {
    const workerData: WriterThreadData = { filename, pragmas, module, exportName: write.name };
    this.worker = moduleWorker(require.resolve('./writer-worker'), {
      workerData,
    });
    // The thread's end is heard from the start: 'exit' is emitted once, and when the thread ended
    // before this thread read its last messages, in the same synchronous call as its 'error'
    // (`kOnExit` in Node's lib/internal/worker.js). A caller that waits for `ready` to reject
    // before listening, as `close` does, would never hear of it.
    const ended = (code: number) =>
      new Error(`the writer thread of ${filename} ended (exit code ${code})`);
    this.closedError = new Error(`the writer thread of ${filename} is closed`);
    this.exited = new Promise((resolve) =>
      this.worker.once('exit', (code: number) => {
        this.fail(ended(code));
        resolve();
      }),
    );
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('error', reject);
      // A thread that ends without an error (process.exit in the module) before it is ready.
      this.worker.once('exit', (code: number) => reject(ended(code)));
      this.worker.on('message', (m: { ready?: true; id?: number; result?: Res }) => {
        if (m.ready) {
          this.started = true;
          resolve();
        } else if (m.id !== undefined) {
          this.pending.get(m.id)?.(m.result);
          this.pending.delete(m.id);
        }
      });
    });
    // Once the writer has opened the file (and made it a WAL file), not to race it on creation.
    if (checkpointEveryMs !== undefined)
      this.ready.then(
        () => (this.checkpointer = WalCheckpointer.start(filename, pragmas, checkpointEveryMs)),
        () => undefined,
      );
    this.worker.on('error', (error) => this.fail(error));
  }

  /** The first failure is the one reported: an error comes before the exit it causes. */
  private fail(error: Error): void {
    this.failure ??= error;
    for (const resolve of this.pending.values()) resolve(undefined);
    this.pending.clear();
  }

  /**
   * Resolves with the write function's result once it has returned (its transaction committed).
   * Once the thread has started, the request is posted before this returns, not a microtask later:
   * a caller that writes from a promise's continuation and then works on (a rebuild reads and
   * applies its next batch in the same turn) would otherwise hold the request back for all that
   * work while this thread idles (the feed rebuild's writer idled half its time:
   * docs/rebuild-pipeline.md).
   */
  async write(request: Req): Promise<Res> {
    if (!this.started) await this.ready;
    this.throwIfFailed();
    const id = this.nextId++;
    const result = await new Promise<Res | undefined>((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, request });
    });
    this.throwIfFailed();
    return result as Res;
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }

  async close(): Promise<void> {
    await this.ready.catch(() => undefined);
    await this.checkpointer?.close();
    // Once the thread has ended, the message is dropped and `exited` has resolved.
    const closed = new Promise<void>((resolve) =>
      this.worker.on('message', (m: { closed?: true }) => m.closed && resolve()),
    );
    this.worker.postMessage({ close: true });
    await Promise.race([closed, this.exited]);
    this.failure ??= this.closedError;
    await this.worker.terminate();
  }
}
