import {
  AnyBulkWriteOperation,
  Collection,
  Db,
  MongoClient,
  MongoClientOptions,
  MongoServerError,
} from 'mongodb';
import {
  Doc,
  DuplicateKeyError,
  Filter,
  FindOptions,
  IndexSpec,
  Lease,
  LEASES,
  ReadStore,
  Write,
  WriteOptions,
} from '../read-store.port';

// Server error codes (src/mongo/base/error_codes.yml); the driver does not export these two.
const NAMESPACE_NOT_FOUND = 26;
const NAMESPACE_EXISTS = 48;

export interface BulkGroup {
  collection: string;
  operations: AnyBulkWriteOperation<Doc>[];
}

/**
 * The client options of the one MongoClient of a process. An outage must answer fast and clearly
 * (a 503 from /api/health, an error from a write) rather than stall a request for the driver's
 * 30-second defaults. An option the URL sets wins (`clientOptions`).
 */
export const MONGO_CLIENT_OPTIONS: MongoClientOptions = {
  // By default the driver writes an undefined field as null; the embedded adapter (JSON) drops
  // it, and `{ f: null }` vs `$exists` would then tell the two apart.
  ignoreUndefined: true,
  // No reachable primary: fail an operation after 5 s instead of 30 s.
  serverSelectionTimeoutMS: 5_000,
  connectTimeoutMS: 5_000,
  // A send or receive that hangs on an open socket (a server that stopped answering).
  socketTimeoutMS: 20_000,
  // A request waiting for a pooled connection that never frees up.
  waitQueueTimeoutMS: 5_000,
};

/** The defaults above, less those the connection string sets itself (the operator's word wins). */
export function clientOptions(url: string): MongoClientOptions {
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  const inUrl = new Set([...query.keys()].map((k) => k.toLowerCase()));
  return Object.fromEntries(
    Object.entries(MONGO_CLIENT_OPTIONS).filter(([k]) => !inUrl.has(k.toLowerCase())),
  );
}

/** Longest a transaction's commit may run on the server before it gives up. */
const MAX_COMMIT_TIME_MS = 10_000;

/**
 * Turns the port's writes into one ordered bulk write per collection, in the order each collection
 * first appears, keeping the order of the writes within a collection (a later write to the same
 * `_id` wins). Merging across the batch does not reorder anything visible: the bulk writes of one
 * `write` run in one transaction, so the documents and the checkpoints that cover them become
 * visible together; all the checkpoints of a batch go in one bulk write.
 */
export function groupWrites(writes: readonly Write[]): BulkGroup[] {
  const groups = new Map<string, BulkGroup>();
  for (const w of writes) {
    const op: AnyBulkWriteOperation<Doc> =
      w.op === 'put'
        ? { replaceOne: { filter: { _id: w.doc._id }, replacement: w.doc, upsert: true } }
        : { deleteOne: { filter: { _id: w.id } } };
    let group = groups.get(w.collection);
    if (!group) groups.set(w.collection, (group = { collection: w.collection, operations: [] }));
    group.operations.push(op);
  }
  return [...groups.values()];
}

/**
 * The MongoDB read store. The port's query language is a subset of MongoDB's filter language, so
 * filters pass through unchanged; documents are stored as they are, with the port's string `_id`.
 * Each `write` is one multi-document transaction, so the server must be a replica set (a single
 * node one is enough: see docker-compose.yml) or a sharded cluster.
 */
export class MongoReadStore implements ReadStore {
  private constructor(
    private readonly client: MongoClient,
    /** The process's one database handle: the rate-limit store shares it (and the client's pool). */
    readonly db: Db,
  ) {}

  static async connect(url: string, dbName?: string): Promise<MongoReadStore> {
    const client = new MongoClient(url, clientOptions(url));
    await client.connect();
    return MongoReadStore.over(client, dbName ?? databaseNamed(url));
  }

  /**
   * A store over a client made elsewhere. Tests pass a stand-in that records the calls and injects
   * faults (test/mongo-write-plan); it proves what the adapter sends, not what a server does.
   */
  static over(client: MongoClient, dbName?: string): MongoReadStore {
    return new MongoReadStore(client, client.db(dbName));
  }

  private coll(collection: string): Collection<Doc> {
    return this.db.collection<Doc>(collection);
  }

  /** `loading` changes nothing here: `_id` is MongoDB's own index, kept whatever the order of ids. */
  async ensureCollection(collection: string, indexes: readonly IndexSpec[] = []): Promise<void> {
    try {
      await this.db.createCollection(collection);
    } catch (err) {
      if (!(err instanceof MongoServerError && err.code === NAMESPACE_EXISTS)) throw err;
    }
    for (const index of indexes) {
      // A Map keeps the declared key order, which is the index's meaning.
      const keys = new Map(index.fields.map(([field, dir]) => [field, dir]));
      // `unique` only when true, so that re-declaring a plain index sends the same options as before.
      await this.coll(collection).createIndex(keys, {
        name: index.name,
        ...(index.unique ? { unique: true } : {}),
      });
    }
  }

  async dropCollection(collection: string): Promise<void> {
    try {
      await this.db.dropCollection(collection);
    } catch (err) {
      // Servers before 7.0 answer "ns not found" for a missing collection; the port's drop is idempotent.
      if (!(err instanceof MongoServerError && err.code === NAMESPACE_NOT_FOUND)) throw err;
    }
  }

  async listCollections(): Promise<string[]> {
    const infos = await this.db.listCollections({}, { nameOnly: true }).toArray();
    return infos.map((c) => c.name).filter((name) => !name.startsWith('system.'));
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    return (await this.coll(collection).findOne({ _id: id })) as T | null;
  }

  async getMany<T extends Doc = Doc>(collection: string, ids: readonly string[]): Promise<T[]> {
    if (ids.length === 0) return [];
    const docs = await this.coll(collection)
      .find({ _id: { $in: [...ids] } })
      .toArray();
    // $in returns documents in index order; the embedded adapter answers in the order asked.
    const byId = new Map(docs.map((d) => [d._id, d]));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id) as T] : []));
  }

  async find<T extends Doc = Doc>(
    collection: string,
    filter: Filter = {},
    options: FindOptions = {},
  ): Promise<T[]> {
    return ((await this.cursor(collection, filter, options)?.toArray()) ?? []) as T[];
  }

  async findIds(
    collection: string,
    filter: Filter = {},
    options: FindOptions = {},
  ): Promise<string[]> {
    // Only `_id` returned: an index holding the filter's fields and `_id` answers it alone
    // (a covered query: https://www.mongodb.com/docs/manual/core/query-optimization/).
    const docs = await this.cursor(collection, filter, options)
      ?.project<{ _id: string }>({ _id: 1 })
      .toArray();
    return docs?.map((d) => d._id) ?? [];
  }

  /** The cursor `find` reads, or none where the port answers no document. */
  private cursor(collection: string, filter: Filter, options: FindOptions) {
    // MongoDB reads limit(0) as "no limit"; the port means "no documents".
    if (options.limit === 0) return undefined;
    let cursor = this.coll(collection).find(filter);
    if (options.sort?.length)
      cursor = cursor.sort(new Map(options.sort.map(([field, dir]) => [field, dir])));
    if (options.skip !== undefined) cursor = cursor.skip(options.skip);
    if (options.limit !== undefined) cursor = cursor.limit(options.limit);
    return cursor;
  }

  async count(collection: string, filter: Filter = {}): Promise<number> {
    return this.coll(collection).countDocuments(filter);
  }

  /** `options.unshared` changes nothing here: this adapter shows no write before its commit. */
  async write(writes: readonly Write[], options: WriteOptions = {}): Promise<void> {
    options.after?.catch(() => undefined);
    const groups = groupWrites(writes);
    if (options.after) await options.after;
    if (writes.length === 0) return;
    let current = '';
    const session = this.client.startSession();
    try {
      // withTransaction retries the whole callback on a transient error (a primary stepping down)
      // and the commit on an unknown commit result; a write is idempotent per document, so a retry
      // writes the same state. Sequential: one session runs one operation at a time.
      await session.withTransaction(
        async () => {
          for (const group of groups) {
            current = group.collection;
            await this.coll(group.collection).bulkWrite(group.operations, {
              ordered: true,
              session,
            });
          }
        },
        { writeConcern: { w: 'majority' }, maxCommitTimeMS: MAX_COMMIT_TIME_MS },
      );
    } catch (error) {
      if ((error as { code?: unknown }).code === 11000) throw new DuplicateKeyError(current, error);
      throw error;
    } finally {
      await session.endSession();
    }
  }

  async claimLease(id: string, owner: string, now: Date, until: Date): Promise<Lease> {
    const leases = this.db.collection<Lease>(LEASES);
    try {
      // Matches only a lease this owner may take; when another holds it, the upsert tries to
      // insert a second document with the same _id and the server refuses it (E11000).
      const lease = await leases.findOneAndUpdate(
        { _id: id, $or: [{ owner }, { expiresAt: { $lte: now.toISOString() } }] },
        { $set: { owner, expiresAt: until.toISOString() } },
        { upsert: true, returnDocument: 'after' },
      );
      if (lease) return lease;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 11000) throw error;
    }
    const held = await leases.findOne({ _id: id });
    if (!held) throw new Error(`lease ${id} vanished while being claimed`);
    return held;
  }

  async releaseLease(id: string, owner: string): Promise<void> {
    await this.db.collection<Lease>(LEASES).deleteOne({ _id: id, owner });
  }

  async ping(): Promise<void> {
    await this.db.command({ ping: 1 });
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/**
 * The database the URL names, or `companion`: the driver falls back to `test` when the URL names
 * none, so whether it names one is read from the URL itself (the name is decoded by the driver).
 */
export function databaseNamed(url: string): string | undefined {
  return /^[^:]+:\/\/[^/?]*\/[^?]/.test(url) ? undefined : 'companion';
}
