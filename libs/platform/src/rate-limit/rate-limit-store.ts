export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');

/**
 * Counts hits per key in fixed windows. The window is part of the key, so any store that can
 * increment a counter atomically can hold the limits of every API instance.
 */
export interface RateLimitStore {
  /** Adds one hit to `key` in the window starting at `windowStart`; returns the window's count. */
  hit(key: string, windowStart: number, windowMs: number): Promise<number>;
  close(): Promise<void>;
}

/** One process's counters: right for the embedded mode, where one API process serves the data. */
export class InMemoryRateLimitStore implements RateLimitStore {
  private readonly counts = new Map<string, { count: number; expiresAt: number }>();
  private lastSweep = 0;

  async hit(key: string, windowStart: number, windowMs: number): Promise<number> {
    const id = `${key}@${windowStart}`;
    const expiresAt = windowStart + windowMs;
    this.sweep(windowStart);
    const entry = this.counts.get(id) ?? { count: 0, expiresAt };
    entry.count += 1;
    this.counts.set(id, entry);
    return entry.count;
  }

  async close(): Promise<void> {
    this.counts.clear();
  }

  /** Old windows are dropped now and then, so memory follows the active keys only. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [id, e] of this.counts) if (e.expiresAt <= now) this.counts.delete(id);
  }
}
