/**
 * Keeps about the `capacity` most recently used entries, in two generations: entries go into the
 * young one, a hit in the old one moves the entry up, and when the young one is full it becomes the
 * old one (the previous old one is dropped). A Map kept in use order instead (delete and set on
 * every hit) degrades badly once it is full: V8's ordered hash tables keep deleted slots until they
 * rehash, and near full they rehash over and over.
 */
export class BoundedCache<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private readonly generation: number;

  constructor(capacity: number) {
    this.generation = Math.max(1, Math.ceil(capacity / 2));
  }

  get(key: K): V | undefined {
    const v = this.young.get(key);
    if (v !== undefined || this.young.has(key)) return v;
    if (!this.old.has(key)) return undefined;
    const moved = this.old.get(key) as V;
    this.old.delete(key);
    this.put(key, moved);
    return moved;
  }

  has(key: K): boolean {
    return this.young.has(key) || this.old.has(key);
  }

  set(key: K, value: V): void {
    if (this.young.has(key)) this.young.set(key, value);
    else {
      this.old.delete(key);
      this.put(key, value);
    }
  }

  delete(key: K): void {
    this.young.delete(key);
    this.old.delete(key);
  }

  clear(): void {
    this.young = new Map();
    this.old = new Map();
  }

  /** Deletes every entry whose key passes the test. */
  deleteWhere(test: (key: K) => boolean): void {
    for (const map of [this.young, this.old]) for (const key of map.keys()) if (test(key)) map.delete(key);
  }

  get size(): number {
    return this.young.size + this.old.size;
  }

  private put(key: K, value: V): void {
    if (this.young.size >= this.generation) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }
}

/** Freezes a value and everything it holds; parts already frozen are not walked again. */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
  return value;
}
