import { AnyBulkWriteOperation, Collection, Db, MongoClient, MongoServerError } from 'mongodb';
import {
  Doc,
  DuplicateKeyError,
  Filter,
  FindOptions,
  IndexSpec,
  ReadStore,
  Write,
} from '../read-store.port';

// Server error codes (src/mongo/base/error_codes.yml); the driver does not export these two.
const NAMESPACE_NOT_FOUND = 26;
const NAMESPACE_EXISTS = 48;

export interface BulkGroup {
  collection: string;
  operations: AnyBulkWriteOperation<Doc>[];
}

/**
 * Turns the port's writes into one ordered bulk write per run of consecutive writes to the same
 * collection. Runs are not merged across collections: that would reorder writes, and a checkpoint
 * must land after the documents it covers.
 */
export function groupWrites(writes: readonly Write[]): BulkGroup[] {
  const groups: BulkGroup[] = [];
  for (const w of writes) {
    const op: AnyBulkWriteOperation<Doc> =
      w.op === 'put'
        ? { replaceOne: { filter: { _id: w.doc._id }, replacement: w.doc, upsert: true } }
        : { deleteOne: { filter: { _id: w.id } } };
    const last = groups[groups.length - 1];
    if (last?.collection === w.collection) last.operations.push(op);
    else groups.push({ collection: w.collection, operations: [op] });
  }
  return groups;
}

/**
 * The MongoDB read store. The port's query language is a subset of MongoDB's filter language, so
 * filters pass through unchanged; documents are stored as they are, with the port's string `_id`.
 */
export class MongoReadStore implements ReadStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  static async connect(url: string, dbName?: string): Promise<MongoReadStore> {
    // By default the driver writes an undefined field as null; the embedded adapter (JSON) drops
    // it, and `{ f: null }` vs `$exists` would then tell the two apart.
    const client = new MongoClient(url, { ignoreUndefined: true });
    await client.connect();
    // The driver falls back to 'test' when the URL names no database, so whether it names one is
    // read from the URL itself; the name is still decoded by the driver (`client.db()`).
    const urlNamesDb = /^[^:]+:\/\/[^/?]*\/[^?]/.test(url);
    return new MongoReadStore(client, client.db(dbName ?? (urlNamesDb ? undefined : 'companion')));
  }

  private coll(collection: string): Collection<Doc> {
    return this.db.collection<Doc>(collection);
  }

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
    // MongoDB reads limit(0) as "no limit"; the port means "no documents".
    if (options.limit === 0) return [];
    let cursor = this.coll(collection).find(filter);
    if (options.sort?.length)
      cursor = cursor.sort(new Map(options.sort.map(([field, dir]) => [field, dir])));
    if (options.skip !== undefined) cursor = cursor.skip(options.skip);
    if (options.limit !== undefined) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()) as T[];
  }

  async count(collection: string, filter: Filter = {}): Promise<number> {
    return this.coll(collection).countDocuments(filter);
  }

  async write(writes: readonly Write[]): Promise<void> {
    // Sequential on purpose: each run must be applied before the next one starts.
    for (const group of groupWrites(writes)) {
      try {
        await this.coll(group.collection).bulkWrite(group.operations, { ordered: true });
      } catch (error) {
        if ((error as { code?: unknown }).code === 11000)
          throw new DuplicateKeyError(group.collection, error);
        throw error;
      }
    }
  }

  async ping(): Promise<void> {
    await this.db.command({ ping: 1 });
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
