/**
 * The read-store port: a small document store that both an embedded SQLite file and MongoDB can
 * serve with their own indexes. It knows nothing of projections; checkpoints and the projection
 * catalog are ordinary documents written in the same `write` call as the documents they cover.
 *
 * Query language: a subset of MongoDB's, with the same meaning on both adapters.
 * - A field is a top-level name or a dotted path (`partner.id`). Compared fields hold one type.
 * - `{ f: v }` equality; `{ f: null }` matches a missing or null field.
 * - Operators: `$eq $ne $in $nin $gt $gte $lt $lte $exists`; `$or: [filter, …]` at the top level.
 * - Equality on arrays ("contains") is not part of the language: model it with its own document.
 */

export const READ_STORE = Symbol('READ_STORE');

export interface Doc {
  _id: string;
  [field: string]: unknown;
}

export type Scalar = string | number | boolean | null;

export interface Operators {
  $eq?: Scalar;
  $ne?: Scalar;
  $in?: readonly Scalar[];
  $nin?: readonly Scalar[];
  $gt?: Scalar;
  $gte?: Scalar;
  $lt?: Scalar;
  $lte?: Scalar;
  $exists?: boolean;
}

export type Condition = Scalar | Operators;

export type Filter = { $or?: Filter[] } & { [field: string]: Condition | Filter[] | undefined };

export type SortSpec = ReadonlyArray<readonly [field: string, direction: 1 | -1]>;

export interface FindOptions {
  sort?: SortSpec;
  limit?: number;
  skip?: number;
}

export interface IndexSpec {
  /** Stable name, so that re-declaring it is a no-op. */
  name: string;
  fields: SortSpec;
  unique?: boolean;
  /**
   * Replaying the log brings its keys in about their order: a log position, or a few values
   * (types) each followed by one. A rebuild then keeps it while it loads, at a few pages on its
   * edge, instead of sorting it after the load while nothing else runs
   * (docs/rebuild-indexes-while-loading.md). Not for keys that arrive all over the index (ids,
   * thousands of matches: kept while loading, the 5 001 matches' messages took three times as long
   * to write), nor for documents a replay rewrites (the old key is deleted wherever it sits).
   * Ignored on a unique index, which is always made at the end.
   */
  followsLog?: boolean;
}

export type Write =
  { collection: string; op: 'put'; doc: Doc } | { collection: string; op: 'delete'; id: string };

/**
 * How `ensureCollection` may make a collection; no option changes what reads and writes answer a
 * caller that keeps to what it declared.
 */
export interface CollectionOptions {
  /**
   * The collection is new (this call makes it) and this store object alone writes to it until
   * the load ends: a rebuild's new generation, which nothing reads before its switch. The adapter
   * may defer what it keeps per document id (the embedded store's id index) until then. The load
   * ends when the collection is ensured again without this option (the rebuild does, with the
   * declared indexes, before its switch); that may hold the adapter's writer for seconds, and
   * rejects if the ids cannot be indexed. It also ends when the collection is dropped, and the
   * adapter may end it sooner itself (the embedded store past 2 000 000 ids it remembers). A load that
   * another object or a stopped process began is ended by ensuring the collection without the
   * option, here too. Meanwhile `get`, `getMany`, `find`, `count` and `write` answer as usual;
   * other processes' reads may be slower (a scan). Ignored for a collection that already exists;
   * an adapter may ignore it altogether (MongoDB's `_id` index is its own).
   */
  loading?: boolean;
  /**
   * With `loading`: until the load ends, each document id is put at most once and none is
   * deleted (a rebuild that only adds to the collection). The adapter may then keep nothing per
   * id meanwhile (the embedded store: no row per id on the main thread), and may answer a `get` by
   * a scan. It may refuse a delete, and a second put of an id may make the load's end reject, as
   * any id it cannot index does (the embedded store does both; MongoDB ignores the option, as it
   * does `loading`). Ignored without `loading`.
   */
  writtenOnce?: boolean;
}

/** How a `write` may be carried out; every option keeps what the write does to the store. */
export interface WriteOptions {
  /**
   * No reader asks for these documents before the write has committed, except the writer itself,
   * which keeps its own copy of them meanwhile: a rebuild's new generation (no query reads it until
   * the switch, and the rebuild reads the batch in flight from its unit of work). The adapter may
   * then skip what it does to show an uncommitted write to readers (the embedded cache's pinning).
   * Documents read before are still never shown stale afterwards.
   */
  unshared?: boolean;
  /**
   * A write that must commit before this one is sent: the adapter may prepare this one meanwhile
   * (the embedded store serialises its documents), and sends nothing if `after` rejects (this call
   * then rejects with the same reason, unless the preparation itself failed first). A rebuild
   * serialises one batch while the one before is being committed, and a batch never commits after
   * the one before it failed.
   */
  after?: Promise<void>;
}

/** A write would break a unique index (or reuse an `_id` where that is refused). */
export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    cause?: unknown,
  ) {
    super(`duplicate key in ${collection}`, { cause });
    this.name = 'DuplicateKeyError';
  }
}

/**
 * The store's write lock is held by another writer (SQLite's file lock: this process's writer thread
 * committing a large batch, or another process) for longer than the adapter waits; nothing was read
 * or written. Distinct from an unreachable store: while the lock is held nobody else can write
 * either, so a lease cannot change hands meanwhile.
 */
export class ReadStoreBusyError extends Error {
  constructor(cause?: unknown) {
    super('the read store is locked by another writer', { cause });
    this.name = 'ReadStoreBusyError';
  }
}

/** Where leases live: one document per lease, `_id` its name. */
export const LEASES = '_leases';

/** A time-limited claim of one process on a job only one may do at a time (running projections). */
export interface Lease extends Doc {
  owner: string;
  /** ISO 8601, UTC: compared as text, which orders them in time. */
  expiresAt: string;
}

export interface ReadStore {
  /** Creates the collection and its indexes if they are missing. Idempotent. */
  ensureCollection(
    collection: string,
    indexes?: readonly IndexSpec[],
    options?: CollectionOptions,
  ): Promise<void>;
  dropCollection(collection: string): Promise<void>;
  listCollections(): Promise<string[]>;

  /**
   * Documents read, and documents handed to `write`, are never changed afterwards: an adapter may
   * hand the same object to every reader (the embedded cache does; with `freezeDocuments` it
   * freezes them, so code that breaks the rule throws in tests). A change is a new document.
   */
  get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null>;
  getMany<T extends Doc = Doc>(collection: string, ids: readonly string[]): Promise<T[]>;
  find<T extends Doc = Doc>(
    collection: string,
    filter?: Filter,
    options?: FindOptions,
  ): Promise<T[]>;
  /**
   * The ids of the documents `find` answers for the same filter, without the documents: an index
   * that holds every field the filter names and the id answers alone (SQLite's covering index,
   * MongoDB's covered query), and nothing is parsed. For a reader that needs only what an id says
   * (a swipe's id names both agents). In `find`'s order under a sort that ends with `_id`; without
   * a sort the order is the index's, and `skip` or `limit` may then pick other documents than
   * `find` would.
   */
  findIds(collection: string, filter?: Filter, options?: FindOptions): Promise<string[]>;
  count(collection: string, filter?: Filter): Promise<number>;

  /**
   * Applies the writes atomically: all of them or none, whatever fails or stops the process in
   * between (SQLite: one transaction; MongoDB: one multi-document transaction). A later write to
   * the same document wins. A projection batch, its documents and its checkpoints, is one call, so
   * a replay after a crash starts from a checkpoint that matches the documents.
   * A unique-index violation rejects with DuplicateKeyError, and nothing of the call is applied.
   */
  write(writes: readonly Write[], options?: WriteOptions): Promise<void>;

  /**
   * Takes the lease `id` for `owner` until `until` if it is free, expired at `now`, or already
   * `owner`'s (a renewal), in one atomic step, and answers the lease as it stands afterwards: the
   * caller holds it when its `owner` is the caller.
   */
  claimLease(id: string, owner: string, now: Date, until: Date): Promise<Lease>;
  /** Gives the lease up if `owner` holds it (a clean shutdown: the next owner need not wait). */
  releaseLease(id: string, owner: string): Promise<void>;

  /** Reachability, for /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
