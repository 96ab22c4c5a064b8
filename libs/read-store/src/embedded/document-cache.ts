import { BoundedCache, deepFreeze } from '../bounded-cache';
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
  private readonly entries: BoundedCache<string, Doc | null>;
  private readonly pinned = new Map<string, { doc: Doc | null; write: number }>();
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
    const key = collection + '\u0000' + id;
    const pinned = this.pinned.get(key);
    if (pinned) return pinned.doc;
    return this.entries.get(key);
  }

  set(collection: string, id: string, doc: Doc | null): Doc | null {
    this.entries.set(collection + '\u0000' + id, this.shared(doc));
    return doc;
  }

  /** Returns the token to hand to `endWrite`. */
  beginWrite(writes: readonly CachedWrite[]): number {
    const write = ++this.writes;
    for (const [collection, id, doc] of writes) {
      const key = collection + '\u0000' + id;
      const shared = this.shared(doc);
      this.pinned.set(key, { doc: shared, write });
      // Kept once written only if someone has read it: documents that are found by queries and
      // never read by id (messages, feed items, a rebuild's new generation) would push out the
      // ones that are.
      if (this.entries.has(key)) this.entries.set(key, shared);
    }
    return write;
  }

  endWrite(write: number, writes: readonly CachedWrite[], committed: boolean): void {
    for (const [collection, id] of writes) {
      const key = collection + '\u0000' + id;
      if (this.pinned.get(key)?.write === write) this.pinned.delete(key);
    }
    // What readers were shown may never reach the file: forget everything and read it again.
    if (!committed) this.entries.clear();
  }

  dropCollection(collection: string): void {
    const prefix = collection + '\u0000';
    this.entries.deleteWhere((key) => key.startsWith(prefix));
    for (const key of this.pinned.keys()) if (key.startsWith(prefix)) this.pinned.delete(key);
  }
}
