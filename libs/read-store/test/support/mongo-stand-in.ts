import type { MongoClient } from 'mongodb';
import type { AnyBulkWriteOperation } from 'mongodb';
import type { Doc, Filter, ReadStore, SortSpec, Write } from '../../src/read-store.port';

/**
 * A stand-in for the few MongoClient calls MongoReadStore makes, over a real read store that holds
 * the data. It exists to record the adapter's write plan (the calls it would send) and to stop it
 * between any two of them; it says nothing about what a MongoDB server does (`npm run
 * test:production` runs the adapter against one). Transactions are modelled the way the server
 * documents them: a transaction's writes become visible at commit, all together, and a session
 * whose process died never commits. With `transactions: false` the writes apply as they are sent,
 * as the adapter's earlier ordered bulk writes did: the crash-replay property must fail then.
 */
export class MongoStandIn {
  /** The write plan so far: `bulkWrite <collection> <n>` and `commit` lines. */
  readonly calls: string[] = [];
  private sent = 0;
  private dead = false;
  /** Resolves when the injected stop happens. */
  readonly stopped: Promise<void>;
  private markStopped!: () => void;

  constructor(
    readonly data: ReadStore,
    private readonly options: { stopAt?: number; transactions?: boolean } = {},
  ) {
    this.stopped = new Promise((resolve) => (this.markStopped = resolve));
  }

  get client(): MongoClient {
    return {
      db: () => this.db(),
      startSession: () => this.session(),
      close: async () => {},
    } as unknown as MongoClient;
  }

  /** One call that changes data reaches the server; at `stopAt` the process stops instead. */
  private send(call: string): void {
    this.alive();
    if (this.sent++ === this.options.stopAt) {
      this.dead = true;
      this.markStopped();
      throw new Error(`process stopped before ${call}`);
    }
    this.calls.push(call);
  }

  private alive(): void {
    if (this.dead) throw new Error('process stopped');
  }

  private session() {
    let buffer: Write[] | undefined;
    // The session's methods reach the stand-in through one alias (eslint.config.mjs allows `store`).
    const store = this;
    return {
      inTransaction: () => buffer !== undefined,
      buffer: (writes: Write[]) => buffer!.push(...writes),
      async withTransaction(fn: () => Promise<void>) {
        buffer = store.options.transactions === false ? undefined : [];
        try {
          await fn();
          if (buffer) {
            store.send('commit');
            await store.data.write(buffer);
          }
        } finally {
          buffer = undefined;
        }
      },
      async endSession() {},
    };
  }

  private db() {
    const data = this.data;
    const alive = () => this.alive();
    return {
      collection: (name: string) => this.collection(name),
      createCollection: async (name: string) => {
        alive();
        await data.ensureCollection(name);
      },
      dropCollection: async (name: string) => {
        alive();
        await data.dropCollection(name);
      },
      listCollections: () => ({
        toArray: async () => (alive(), (await data.listCollections()).map((name) => ({ name }))),
      }),
      command: async () => (alive(), { ok: 1 }),
    };
  }

  private collection(name: string) {
    const data = this.data;
    const alive = () => this.alive();
    const send = (call: string) => this.send(call);
    return {
      async findOne(filter: { _id: string }) {
        alive();
        return data.get(name, filter._id);
      },
      find(filter: Filter) {
        let sort: SortSpec | undefined;
        let skip: number | undefined;
        let limit: number | undefined;
        const cursor = {
          sort: (s: Map<string, 1 | -1>) => ((sort = [...s]), cursor),
          skip: (n: number) => ((skip = n), cursor),
          limit: (n: number) => ((limit = n), cursor),
          // `findIds` projects `_id`; whole documents hold it too.
          project: () => cursor,
          toArray: async () => {
            alive();
            const idIn = (filter as { _id?: { $in?: string[] } })._id?.$in;
            if (idIn && Object.keys(filter).length === 1) return data.getMany(name, idIn);
            return data.find(name, filter, { sort, skip, limit });
          },
        };
        return cursor;
      },
      async countDocuments(filter: Filter) {
        alive();
        return data.count(name, filter);
      },
      async createIndex() {
        alive();
      },
      async bulkWrite(
        operations: AnyBulkWriteOperation<Doc>[],
        options: { session?: { inTransaction(): boolean; buffer(w: Write[]): void } },
      ) {
        send(`bulkWrite ${name} ${operations.length}`);
        const writes: Write[] = operations.map((op) =>
          'replaceOne' in op
            ? { collection: name, op: 'put', doc: op.replaceOne.replacement as Doc }
            : {
                collection: name,
                op: 'delete',
                id: (op as { deleteOne: { filter: { _id: string } } }).deleteOne.filter._id,
              },
        );
        if (options.session?.inTransaction()) options.session.buffer(writes);
        else await data.write(writes);
      },
    };
  }
}
