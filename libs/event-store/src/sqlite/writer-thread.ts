import { Worker } from 'node:worker_threads';

/**
 * A SQLite connection on its own thread that runs one self-contained write function. better-sqlite3
 * is synchronous: on the main thread every statement and every commit (about 2 ms with
 * `synchronous=FULL`) would stop all requests. Here the writes run beside the event loop, and while
 * one batch is being written the next one gathers: group commit. The write function must use only
 * its arguments (it runs from its source text) and return plain data (results cross threads).
 */
export type WriteFunction<Req, Res> = (db: any, request: Req) => Res;

function writerMain(): void {
  const { parentPort, workerData } = require('node:worker_threads');
  const Database = require(workerData.sqlitePath);
  const db = new Database(workerData.filename);
  for (const pragma of workerData.pragmas) db.pragma(pragma);
  // The write function is injected below from its source text.
  const write = (globalThis as any).__write;
  parentPort.on('message', (m: { id: number; request: unknown } | { close: true }) => {
    if ('close' in m) {
      db.close();
      parentPort.postMessage({ closed: true });
      return;
    }
    parentPort.postMessage({ id: m.id, result: write(db, m.request) });
  });
  parentPort.postMessage({ ready: true });
}

export class WriterThread<Req, Res> {
  private readonly worker: Worker;
  private readonly pending = new Map<number, (result: Res | undefined) => void>();
  private nextId = 1;
  private failure: Error | null = null;
  readonly ready: Promise<void>;

  constructor(filename: string, pragmas: readonly string[], write: WriteFunction<Req, Res>) {
    const source = `globalThis.__write = ${write.toString()};\n(${writerMain.toString()})();`;
    this.worker = new Worker(source, {
      eval: true,
      workerData: { filename, pragmas, sqlitePath: require.resolve('better-sqlite3') },
    });
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('error', reject);
      this.worker.on('message', (m: { ready?: true; id?: number; result?: Res }) => {
        if (m.ready) resolve();
        else if (m.id !== undefined) {
          this.pending.get(m.id)?.(m.result);
          this.pending.delete(m.id);
        }
      });
    });
    this.worker.on('error', (error) => {
      this.failure = error;
      for (const resolve of this.pending.values()) resolve(undefined);
      this.pending.clear();
    });
  }

  /** Resolves with the write function's result once it has returned (its transaction committed). */
  async write(request: Req): Promise<Res> {
    await this.ready;
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
    await new Promise<void>((resolve) => {
      this.worker.once('message', () => resolve());
      this.worker.once('exit', () => resolve());
      this.worker.postMessage({ close: true });
    });
    await this.worker.terminate();
  }
}
