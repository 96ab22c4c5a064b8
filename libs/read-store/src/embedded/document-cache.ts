import type { Doc } from '../read-store.port';

/**
 * Parsed documents of the embedded read store, most recently used kept, misses remembered too (a
 * projection asks for many documents that do not exist yet). Only valid in the process that is
 * the file's one writer: the store updates it after each committed write. Documents are frozen,
 * because every reader shares the same object: a caller that mutated one would change what the
 * next reader sees without a write.
 */
export class DocumentCache {
  private readonly entries = new Map<string, Doc | null>();

  constructor(private readonly capacity: number) {}

  /** `undefined`: not cached; `null`: known not to exist. */
  get(collection: string, id: string): Doc | null | undefined {
    const key = collection + '\u0000' + id;
    const doc = this.entries.get(key);
    if (doc === undefined) return undefined;
    // Re-inserted so that the Map's order is the order of use.
    this.entries.delete(key);
    this.entries.set(key, doc);
    return doc;
  }

  set(collection: string, id: string, doc: Doc | null): Doc | null {
    const key = collection + '\u0000' + id;
    this.entries.delete(key);
    this.entries.set(key, doc === null ? null : deepFreeze(doc));
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return doc;
  }

  dropCollection(collection: string): void {
    const prefix = collection + '\u0000';
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
  return value;
}
