import Database from 'better-sqlite3';
import { WAL_CHECKPOINT_EVERY_MS, WriterThread } from '@companion/event-store';
import {
  CollectionOptions,
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
import { CachedWrite, DocumentCache } from './document-cache';
import { LoadingCollections } from './loading-collections';
import { claimLease, releaseLease } from './sqlite-leases';
import {
  DocumentWriteRequest,
  DocumentWriteResult,
  groupByTable,
  writeDocuments,
} from './write-documents';
import { compileFilter, compileFind } from './sql-filter';
import { collectionSchema, idIndex, table } from './collection-schema';

const WRITER_PRAGMAS = [
  'journal_mode = WAL',
  // A lost tail of read-model writes is rebuilt from the event log (the checkpoint is lost with
  // it), so the read store does not pay for a flush per transaction.
  'synchronous = NORMAL',
  // The writer thread's checkpoints run on a thread of their own (WalCheckpointer); this is the
  // fallback, should that thread stop: fewer, larger checkpoints, as projection batches write many
  // small documents.
  'wal_autocheckpoint = 10000',
  // Documents go to random places in large B-trees: keep more of their pages in memory (128 MiB).
  'cache_size = -131072',
  'busy_timeout = 5000',
];

export interface SqliteReadStoreOptions {
  /**
   * Keep up to this many parsed documents in memory. Only for the process that is the file's one
   * writer (the one running the projections): another process's writes would not reach it. The
   * system collections (`_projections`, `_checkpoints`) are always read from the file, because the
   * CLI writes rebuild requests into them from its own process.
   */
  cacheDocuments?: number;
  /** Freeze the cached documents every reader shares (tests do, to catch a reader that mutates one). */
  freezeDocuments?: boolean;
  /** How long this thread's statements wait for another writer's lock (default 5 000 ms). */
  busyTimeoutMs?: number;
  /**
   * Rows a load may name (~75 B each) before its id index is made anyway (2 000 000: 150 MB); a
   * load written once names none to remember.
   */
  loadingIdsMax?: number;
}

/**
 * The embedded read store: one SQLite file (WAL), a table per collection holding JSON documents,
 * and real indexes on the declared fields. Reads are point lookups or indexed range scans, and the
 * file survives restarts, so the API starts without replaying the log. `write` is one transaction:
 * documents and the projection checkpoint that covers them change together or not at all.
 * Writes and schema changes run on a writer thread; reads on this thread's own connection.
 */
export class SqliteReadStore implements ReadStore {
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly tables = new Set<string>();
  private readonly cache?: DocumentCache;
  private readonly loading: LoadingCollections;
  private writer?: WriterThread<DocumentWriteRequest, DocumentWriteResult>;

  constructor(
    private readonly filename: string,
    options: SqliteReadStoreOptions = {},
  ) {
    this.loading = new LoadingCollections(options.loadingIdsMax ?? 2_000_000);
    if (options.cacheDocuments)
      this.cache = new DocumentCache(options.cacheDocuments, options.freezeDocuments ?? false);
    this.db = new Database(filename);
    for (const pragma of WRITER_PRAGMAS) this.db.pragma(pragma);
    if (options.busyTimeoutMs !== undefined)
      this.db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs))}`);
  }

  private prepare(sql: string): Database.Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  async ensureCollection(
    collection: string,
    indexes: readonly IndexSpec[] = [],
    options: CollectionOptions = {},
  ): Promise<void> {
    const load = options.loading === true && !this.exists(collection);
    const loading = load || (options.loading === true && this.loading.has(collection));
    const schema = collectionSchema(collection, indexes, load);
    // Unless it is (being) loaded here, a collection gets its id index if it lacks one: the end of
    // this object's load, or of one a stopped process left in the file.
    const idIndexes = loading ? [] : [{ table: table(collection), create: idIndex(collection) }];
    // Before a write can be sent.
    const begun = load ? this.loading.begin(collection, options.writtenOnce === true) : undefined;
    await this.run({ schema, idIndexes, tables: [] }).catch((error: unknown) => {
      if (begun) this.loading.abandon(begun);
      throw error;
    });
    if (!loading) this.loading.end(collection);
  }

  async dropCollection(collection: string): Promise<void> {
    this.cache?.dropCollection(collection);
    this.tables.delete(collection);
    this.loading.end(collection);
    await this.run({ schema: [`DROP TABLE IF EXISTS ${table(collection)}`], tables: [] });
    this.tables.delete(collection); // a read meanwhile may have found it still there
    this.statements.clear(); // statements on a dropped table would fail
  }

  /**
   * Schema changes and writes go through the writer thread (for a file): indexing a large table
   * takes seconds, and the API keeps answering meanwhile.
   */
  private async run(request: DocumentWriteRequest): Promise<DocumentWriteResult> {
    const result =
      this.filename === ':memory:'
        ? writeDocuments(this.db, request)
        : await this.writerThread().write(request);
    if ('failed' in result && request.schema?.length)
      throw new Error(`read-store schema change failed: ${result.failed}`);
    if ('duplicate' in result && result.duplicate < 0)
      throw new Error('read-store schema change failed: a unique index found a value twice');
    return result;
  }

  async listCollections(): Promise<string[]> {
    const rows = this.db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'c\\_%' ESCAPE '\\' ORDER BY name`,
      )
      .all() as Array<{ name: string }>;
    return rows.map((r) => r.name.slice(2));
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    if (!this.exists(collection)) return null;
    return this.load(collection, id) as T | null;
  }

  async getMany<T extends Doc = Doc>(collection: string, ids: readonly string[]): Promise<T[]> {
    if (ids.length === 0 || !this.exists(collection)) return [];
    const out: T[] = [];
    for (const id of ids) {
      const doc = this.load(collection, id);
      if (doc) out.push(doc as T);
    }
    return out;
  }

  private load(collection: string, id: string): Doc | null {
    const cache = this.cacheFor(collection);
    const cached = cache?.get(collection, id);
    if (cached !== undefined) return cached;
    // A collection being loaded has no id index yet: its rows are named by LoadingCollections.
    const [by, key] = this.loading.has(collection)
      ? this.loading.find(collection, id)
      : (['id', id] as const);
    // Plucked, as `select` plucks: `find` by `_id` prepares the same statement (one cached object).
    const text =
      key === undefined
        ? undefined
        : (this.prepare(`SELECT doc FROM ${table(collection)} WHERE ${by} = ?`)
            .pluck()
            .get(key) as string | undefined);
    const doc = text === undefined ? null : (JSON.parse(text) as Doc);
    return cache ? cache.set(collection, id, doc) : doc;
  }

  private cacheFor(collection: string): DocumentCache | undefined {
    return collection.startsWith('_') ? undefined : this.cache;
  }

  async find<T extends Doc = Doc>(
    collection: string,
    filter: Filter = {},
    options: FindOptions = {},
  ): Promise<T[]> {
    return this.select('doc', collection, filter, options).map((doc) => JSON.parse(doc) as T);
  }

  async findIds(collection: string, filter?: Filter, options?: FindOptions): Promise<string[]> {
    return this.select('id', collection, filter, options);
  }

  /** One column of the rows a filter matches, sorted, skipped and limited (`compileFind`). */
  private select(
    column: 'doc' | 'id',
    collection: string,
    filter?: Filter,
    options?: FindOptions,
  ): string[] {
    if (!this.exists(collection)) return [];
    const { sql, params } = compileFind(table(collection), column, filter, options);
    return this.prepare(sql)
      .pluck()
      .all(...params) as string[];
  }

  async count(collection: string, filter: Filter = {}): Promise<number> {
    if (!this.exists(collection)) return 0;
    const where = compileFilter(filter);
    const row = this.prepare(
      `SELECT count(*) AS n FROM ${table(collection)} WHERE ${where.sql}`,
    ).get(...where.params) as { n: number };
    return row.n;
  }

  async write(writes: readonly Write[], options: WriteOptions = {}): Promise<void> {
    if (writes.length === 0) return options.after;
    options.after?.catch(() => undefined); // a failure below comes first: `after`'s is handled
    const byCollection = groupByTable(writes, table);
    const tables = [...byCollection.values()];
    if (options.after) await options.after;
    const ending = this.loading.nameRows(byCollection);
    const schemaAfter = ending.map((load) => idIndex(load.collection));
    const cached: CachedWrite[] = this.cache
      ? writes
          .filter((w) => this.cacheFor(w.collection))
          .map((w) =>
            w.op === 'put' ? [w.collection, w.doc._id, w.doc] : [w.collection, w.id, null],
          )
      : [];
    let result: DocumentWriteResult = { failed: 'not sent' };
    try {
      result = this.cache
        ? await this.cache.whileWriting(
            cached,
            options.unshared ?? false,
            () => this.run({ tables, schemaAfter }),
            (r) => 'ok' in r,
          )
        : await this.run({ tables, schemaAfter });
    } finally {
      for (const load of ending) this.loading.ended(load, 'ok' in result);
    }
    if ('duplicate' in result)
      throw new DuplicateKeyError([...byCollection.keys()][result.duplicate]);
    if ('failed' in result) throw new Error(`read-store write failed: ${result.failed}`);
  }

  /**
   * Writes run on their own thread (made on the first write, so a reader such as the CLI never
   * starts one): the projection engine's commits and index upkeep leave the event loop free.
   */
  private writerThread(): WriterThread<DocumentWriteRequest, DocumentWriteResult> {
    this.writer ??= new WriterThread(
      this.filename,
      WRITER_PRAGMAS,
      { module: require.resolve('./write-documents'), write: writeDocuments },
      { checkpointEveryMs: WAL_CHECKPOINT_EVERY_MS },
    );
    return this.writer;
  }

  async claimLease(id: string, owner: string, now: Date, until: Date): Promise<Lease> {
    return claimLease(this.db, table(LEASES), id, owner, now, until);
  }

  async releaseLease(id: string, owner: string): Promise<void> {
    if (this.exists(LEASES)) releaseLease(this.db, table(LEASES), id, owner);
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    await this.writer?.close();
    this.writer = undefined;
    if (this.db.open) this.db.close();
  }

  private exists(collection: string): boolean {
    if (this.tables.has(collection)) return true;
    const row = this.prepare(
      `SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = ?`,
    ).get(`c_${collection}`);
    if (row) this.tables.add(collection);
    return row !== undefined;
  }
}
