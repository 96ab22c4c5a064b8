import type { Ranked } from './discovery-order';

// An entry: the score and the participation time it was written for (two doubles), the like and
// the recency (flags), the text's length, then the text.
const SCORE = 0;
const PARTICIPATION = 8;
const FLAGS = 16;
const LENGTH = 17;
export const ENTRY_HEADER = 19;
/** Room left after a compaction, at least: about five entries before the next. */
export const MIN_SPARE = 1_024;
const MAX_TEXT = 0xffff;
const encoder = new TextEncoder();

/**
 * The scores a kept discovery ranking has shown (`scoresJsonMembers`), as bytes in one buffer for
 * the ranking, so a caller asking again gets each shown candidate's scores copied rather than
 * written anew. One buffer, not an array a candidate: an entry is then its bytes and a map entry
 * holding a small integer, nothing more for the collector to trace
 * (docs/discovery-shown-scores.md).
 *
 * An entry is returned only for the score, like, recency and participation time it was written
 * for, which it records; the breakdown inside depends on the two vectors alone, so whoever keeps
 * the entries deletes one when its candidate is scored again (`patch` in discovery-cache.ts).
 * Entries are appended and never written over, so the bytes `get` returns stay as they were; what
 * is deleted or replaced is left behind until the buffer is full, then the live entries are
 * copied into a new one.
 */
export class ShownScores {
  private bytes = new Uint8Array(0);
  private view = new DataView(this.bytes.buffer);
  private used = 0;
  /** Bytes of the entries in `at`, headers included. */
  private live = 0;
  /** Each entry's offset by candidate. */
  private readonly at = new Map<string, number>();

  /** The bytes kept for `r`, if they were written for its score, like, recency and time. */
  get(r: Ranked): Uint8Array | undefined {
    const start = this.at.get(r.id);
    if (start === undefined) return undefined;
    const v = this.view;
    // Object.is: a NaN written is found again.
    if (
      !Object.is(v.getFloat64(start + SCORE), r.score) ||
      !Object.is(v.getFloat64(start + PARTICIPATION), r.lastParticipationMs) ||
      v.getUint8(start + FLAGS) !== flags(r)
    )
      return undefined;
    const from = start + ENTRY_HEADER;
    return this.bytes.subarray(from, from + this.lengthAt(start));
  }

  /** Keeps `text`, ASCII, as `r`'s scores in place of any kept before, and returns its bytes. */
  set(r: Ranked, text: string): Uint8Array {
    if (text.length > MAX_TEXT) throw new Error(`scores of ${text.length} characters`);
    this.delete(r.id);
    const size = ENTRY_HEADER + text.length;
    if (this.used + size > this.bytes.length) this.compact(size);
    const start = this.used;
    const into = this.bytes.subarray(start + ENTRY_HEADER, start + size);
    const { read, written } = encoder.encodeInto(text, into);
    if (read !== text.length || written !== text.length)
      throw new Error('scores must be ASCII, one byte a character');
    const v = this.view;
    v.setFloat64(start + SCORE, r.score);
    v.setFloat64(start + PARTICIPATION, r.lastParticipationMs);
    v.setUint8(start + FLAGS, flags(r));
    v.setUint16(start + LENGTH, text.length);
    this.at.set(r.id, start);
    this.used += size;
    this.live += size;
    return into;
  }

  delete(id: string): void {
    const start = this.at.get(id);
    if (start === undefined) return;
    this.live -= ENTRY_HEADER + this.lengthAt(start);
    this.at.delete(id);
  }

  /** The candidates with an entry. */
  ids(): IterableIterator<string> {
    return this.at.keys();
  }

  /** The buffer's length: what the entries hold, those left behind, and the room to come. */
  get capacity(): number {
    return this.bytes.length;
  }

  private lengthAt(start: number): number {
    return this.view.getUint16(start + LENGTH);
  }

  /** The live entries copied into a new buffer with room for `need` bytes and some to spare. */
  private compact(need: number): void {
    const wanted = this.live + need;
    const next = new Uint8Array(wanted + Math.max(MIN_SPARE, wanted >> 2));
    let used = 0;
    for (const [id, start] of this.at) {
      const size = ENTRY_HEADER + this.lengthAt(start);
      next.set(this.bytes.subarray(start, start + size), used);
      // Replacing the value of a key being visited leaves a Map's iteration as it was.
      this.at.set(id, used);
      used += size;
    }
    this.bytes = next;
    this.view = new DataView(next.buffer);
    this.used = used;
  }
}

function flags(r: Ranked): number {
  return (r.likedYou ? 1 : 0) | (r.recentlyActive ? 2 : 0);
}
