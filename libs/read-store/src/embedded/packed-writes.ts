/**
 * One table's writes of a batch as one string and one array of lengths, the form in which they
 * cross to the read store's writer thread. `postMessage` copies an array of strings string by
 * string (structured clone): handing a 1 000 000-event `feed` rebuild's documents over took 11 % of
 * its main thread (4.6 µs per document, `node --cpu-prof … rebuild feed --inline`, 2026-11-23); one
 * string and one Int32Array are each copied in one piece. docs/rebuild-speed.md has the numbers.
 *
 * `lengths` holds two entries per write: the id's length, then the document's JSON length, or -1
 * for a delete. Lengths are in UTF-16 code units, which is what `String.prototype.slice` counts.
 */
export interface PackedTable {
  /** The quoted table name. */
  table: string;
  text: string;
  lengths: Int32Array;
}

/** Collects one table's writes in order; `pack` makes the PackedTable. */
export class TablePacker {
  private readonly parts: string[] = [];
  private readonly lengths: number[] = [];

  constructor(readonly table: string) {}

  put(id: string, json: string): void {
    this.parts.push(id, json);
    this.lengths.push(id.length, json.length);
  }

  delete(id: string): void {
    this.parts.push(id);
    this.lengths.push(id.length, -1);
  }

  pack(): PackedTable {
    return { table: this.table, text: this.parts.join(''), lengths: Int32Array.from(this.lengths) };
  }
}

/** Calls `each` with every write of `packed` in order: a document's JSON, or null for a delete. */
export function forEachPacked(
  packed: PackedTable,
  each: (id: string, json: string | null) => void,
): void {
  const { text, lengths } = packed;
  let at = 0;
  for (let i = 0; i < lengths.length; i += 2) {
    const id = text.slice(at, (at += lengths[i]));
    const length = lengths[i + 1];
    if (length < 0) each(id, null);
    else each(id, text.slice(at, (at += length)));
  }
}
