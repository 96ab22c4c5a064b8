import { BoundedCache, deepFreeze } from '@companion/caching';
import type { Doc } from '../read-store.port';

export type CachedWrite = readonly [collection: string, id: string, doc: Doc | null];

/**
 * Parsed documents of the embedded read store that were read by id, most recently used kept, misses
 * remembered too (a projection asks for many documents that do not exist yet). Only valid in the process that is
 * the file's one writer. A write enters the cache when it is handed to the writer thread, and its
 * documents stay pinned until it has committed: a reader never sees the file ahead of the cache
 * (a checkpoint that says "applied" while the cache still has the old document), and an evicted
 * document is never read back from the file before its write is there. Every reader shares the
 * same object, so no caller may change one; with `freeze` (tests) they are frozen, so one that does
 * throws.
 */
export class DocumentCache {
  private readonly entries: BoundedCache<string, string, Doc | null>;
  /** Per collection, the documents of writes not yet committed, and the write that pinned each. */
  private readonly pinned = new Map<string, Map<string, { doc: Doc | null; write: number }>>();
  private writes = 0;

  constructor(
    capacity: number,
    private readonly freeze: boolean,
  ) {
    this.entries = new BoundedCache(capacity);
  }

  private shared(doc: Doc | null): Doc | null {
    return doc !== null && this.freeze ? deepFreeze(doc) : doc;
  }

  /** `undefined`: not cached; `null`: known not to exist. */
  get(collection: string, id: string): Doc | null | undefined {
    const pinned = this.pinned.get(collection)?.get(id);
    if (pinned) return pinned.doc;
    return this.entries.get(collection, id);
  }

  set(collection: string, id: string, doc: Doc | null): Doc | null {
    this.entries.set(collection, id, this.shared(doc));
    return doc;
  }

  /** Returns the token to hand to `endWrite`. */
  private beginWrite(writes: readonly CachedWrite[]): number {
    const write = ++this.writes;
    for (const [collection, id, doc] of writes) {
      const shared = this.shared(doc);
      let pinned = this.pinned.get(collection);
      if (!pinned) this.pinned.set(collection, (pinned = new Map()));
      pinned.set(id, { doc: shared, write });
      // Kept once written only if someone has read it: documents that are found by queries and
      // never read by id (messages, feed items, a rebuild's new generation) would push out the
      // ones that are.
      if (this.entries.has(collection, id)) this.entries.set(collection, id, shared);
    }
    return write;
  }

  /**
   * Keeps the cache in step with a write while `run` carries it out: pinned until it has committed,
   * or, `unshared` (WriteOptions: nobody reads these documents before the commit), only the ones
   * already cached replaced. Skipping the pinning and its bookkeeping for a rebuild's writes saved
   * 4-5 % of the feed rebuild's main thread (docs/rebuild-speed.md).
   */
  async whileWriting<R>(
    writes: readonly CachedWrite[],
    unshared: boolean,
    run: () => Promise<R>,
    committed: (result: R) => boolean,
  ): Promise<R> {
    let token: number | undefined;
    if (unshared)
      for (const [collection, id, doc] of writes) this.replaceCached(collection, id, doc);
    else token = this.beginWrite(writes);
    let done = false;
    try {
      const result = await run();
      done = committed(result);
      return result;
    } finally {
      if (token !== undefined) this.endWrite(token, writes, done);
      else if (!done) this.clear();
    }
  }

  /**
   * A write no reader sees before its commit (`WriteOptions.unshared`): not pinned; a document
   * already cached is replaced, so nobody reads it stale once the write has committed.
   */
  replaceCached(collection: string, id: string, doc: Doc | null): void {
    if (this.entries.has(collection, id)) this.entries.set(collection, id, this.shared(doc));
  }

  /** What readers were shown may never reach the file: forget everything and read it again. */
  clear(): void {
    this.entries.clear();
  }

  private endWrite(write: number, writes: readonly CachedWrite[], committed: boolean): void {
    for (const [collection, id] of writes) {
      const pinned = this.pinned.get(collection);
      if (pinned?.get(id)?.write === write) pinned.delete(id);
    }
    if (!committed) this.clear();
  }

  dropCollection(collection: string): void {
    this.entries.deleteSpace(collection);
    this.pinned.delete(collection);
  }
}
