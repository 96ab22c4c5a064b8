/**
 * Discovery's candidates as columns: one contiguous array per block of the vector (row i's part of
 * block b at i × width of b), the participation times and scenes beside it. The ranking reads the
 * first block of every row and the later blocks of only a few (see discovery-ranking.ts), so each
 * block lies in its own array: the pass over every row reads one dense array instead of one cache
 * line in every few. Pure data structure: no I/O; rows are reused after a removal.
 *
 * It also logs which agents changed (bounded, oldest dropped first), so a ranking kept for a caller
 * can be patched with the few rows that changed instead of scanning every row again
 * (discovery-cache.ts).
 */
export interface Block {
  /** Exclusive end of the block in a row. */
  end: number;
  /** The block's weight: its part of the dot product is at most this (unit vectors scaled by √weight). */
  weight: number;
}

export interface MatrixChange {
  id: string;
  /**
   * When the change only moved the agent's participation time: the time before. Such a change can
   * raise the agent's key only if it was not recently active before. NaN for any other change.
   */
  participationOnlyFrom: number;
}

/**
 * Rows as plain data, to bring a copy of the matrix elsewhere (a ranking worker) up to a version:
 * the rows of `ids` (their whole vectors one after another) and the ids that left.
 */
export interface MatrixRows {
  version: number;
  ids: string[];
  /** Where each of `ids` is in the matrix they came from (a copy numbers its rows its own way). */
  sourceRows: Int32Array;
  vectors: Float32Array;
  lastParticipationMs: Float64Array;
  sceneIds: Array<string | null>;
  removed: string[];
}

/** Changes kept in the log; when it holds twice this many, the older half is dropped. */
const LOG_KEPT = 100_000;

export class CandidateMatrix {
  ids: string[] = [];
  /** Block b of every row, row after row. */
  blockVectors: Float32Array[];
  lastParticipationMs: Float64Array;
  sceneIds: Array<string | null> = [];
  active: Uint8Array;
  readonly rowOf = new Map<string, number>();
  /** Where each block starts in a whole vector. */
  readonly starts: readonly number[];
  private free: number[] = [];
  rows = 0;
  private log: MatrixChange[] = [];
  /** The version of the oldest change still in the log. */
  private logStart = 0;

  constructor(
    readonly dims: number,
    readonly blocks: readonly Block[],
    capacity = 1024,
  ) {
    if (blocks.length === 0 || blocks[blocks.length - 1].end !== dims)
      throw new Error(`blocks must end at the ${dims} dimensions`);
    this.starts = blocks.map((_, b) => (b === 0 ? 0 : blocks[b - 1].end));
    this.blockVectors = blocks.map(
      (block, b) => new Float32Array(capacity * (block.end - this.starts[b])),
    );
    this.lastParticipationMs = new Float64Array(capacity);
    this.active = new Uint8Array(capacity);
  }

  get size(): number {
    return this.rowOf.size;
  }

  /** How many changes the matrix has had. */
  get version(): number {
    return this.logStart + this.log.length;
  }

  /** The changes after `version`, or null when the log no longer reaches back that far. */
  changesSince(version: number): readonly MatrixChange[] | null {
    if (version < this.logStart) return null;
    return this.log.slice(version - this.logStart);
  }

  /** Adds or replaces the agent's row; returns the row. */
  upsert(
    id: string,
    vector: Float32Array,
    lastParticipationMs: number,
    sceneId: string | null,
  ): number {
    if (vector.length !== this.dims)
      throw new Error(`vector of ${vector.length} dimensions in a matrix of ${this.dims}`);
    let row = this.rowOf.get(id);
    const participationOnly =
      row !== undefined && this.sceneIds[row] === sceneId && this.sameVector(row, vector);
    this.record(id, participationOnly ? this.lastParticipationMs[row!] : NaN);
    if (row === undefined) {
      row = this.free.pop() ?? this.rows++;
      this.ensure(row + 1);
      this.rowOf.set(id, row);
      this.ids[row] = id;
    }
    for (let b = 0; b < this.blocks.length; b++) {
      const start = this.starts[b];
      const width = this.blocks[b].end - start;
      this.blockVectors[b].set(vector.subarray(start, start + width), row * width);
    }
    this.lastParticipationMs[row] = lastParticipationMs;
    this.sceneIds[row] = sceneId;
    this.active[row] = 1;
    return row;
  }

  /**
   * The agent's row: `known` while the agent is still there (an array read), else wherever it is
   * now (a lookup in `rowOf`), undefined when it left.
   */
  currentRow(id: string, known: number): number | undefined {
    return this.active[known] && this.ids[known] === id ? known : this.rowOf.get(id);
  }

  /**
   * The matrix's own string for an agent's id, or `id` itself when the agent is not here. A string
   * read afresh (a caller's swipes, from the read store on every request) is hashed again and, in
   * every set or map holding an equal one, compared character by character; the matrix's own
   * string keeps its hash and compares by reference (docs/discovery-swipes-by-id.md).
   */
  ownId(id: string): string {
    const row = this.rowOf.get(id);
    return row === undefined ? id : this.ids[row];
  }

  /** Moves an agent's participation time; an agent not in the matrix is ignored. */
  touch(id: string, lastParticipationMs: number): void {
    const row = this.rowOf.get(id);
    if (row === undefined || this.lastParticipationMs[row] === lastParticipationMs) return;
    this.record(id, this.lastParticipationMs[row]);
    this.lastParticipationMs[row] = lastParticipationMs;
  }

  /** The agent's participation time, or 0 when it is not in the matrix. */
  participationOf(id: string): number {
    const row = this.rowOf.get(id);
    return row === undefined ? 0 : this.lastParticipationMs[row];
  }

  remove(id: string): void {
    const row = this.rowOf.get(id);
    if (row === undefined) return;
    this.record(id, NaN);
    this.rowOf.delete(id);
    this.active[row] = 0;
    this.free.push(row);
  }

  /** A copy of the row's whole vector. */
  vectorOf(id: string): Float32Array | undefined {
    const row = this.rowOf.get(id);
    if (row === undefined) return undefined;
    return this.copyRow(row, new Float32Array(this.dims));
  }

  /** Writes the row's whole vector into `out` from `offset`; returns `out`. */
  copyRow(row: number, out: Float32Array, offset = 0): Float32Array {
    for (let b = 0; b < this.blocks.length; b++) {
      const width = this.blocks[b].end - this.starts[b];
      const block = this.blockVectors[b].subarray(row * width, (row + 1) * width);
      out.set(block, offset + this.starts[b]);
    }
    return out;
  }

  /**
   * What changed after `version` (each changed agent once, as it is now), or every row when `version`
   * is null or the log no longer reaches back that far.
   */
  rowsSince(version: number | null): MatrixRows & { whole: boolean } {
    const changes = version === null ? null : this.changesSince(version);
    const changed = changes === null ? null : new Set(changes.map((c) => c.id));
    const ids: string[] = [];
    const removed: string[] = [];
    for (const id of changed ?? this.rowOf.keys())
      if (this.rowOf.has(id)) ids.push(id);
      else removed.push(id);
    const sourceRows = new Int32Array(ids.length);
    const vectors = new Float32Array(ids.length * this.dims);
    const lastParticipationMs = new Float64Array(ids.length);
    const sceneIds = new Array<string | null>(ids.length);
    for (let i = 0; i < ids.length; i++) {
      const row = (sourceRows[i] = this.rowOf.get(ids[i])!);
      this.copyRow(row, vectors, i * this.dims);
      lastParticipationMs[i] = this.lastParticipationMs[row];
      sceneIds[i] = this.sceneIds[row];
    }
    return {
      version: this.version,
      whole: changed === null,
      ids,
      sourceRows,
      vectors,
      lastParticipationMs,
      sceneIds,
      removed,
    };
  }

  /** Applies rows taken from another matrix by `rowsSince`; returns each of `rows.ids`' row here. */
  applyRows(rows: MatrixRows): Int32Array {
    for (const id of rows.removed) this.remove(id);
    const here = new Int32Array(rows.ids.length);
    for (let i = 0; i < rows.ids.length; i++)
      here[i] = this.upsert(
        rows.ids[i],
        rows.vectors.subarray(i * this.dims, (i + 1) * this.dims),
        rows.lastParticipationMs[i],
        rows.sceneIds[i],
      );
    return here;
  }

  /** Whether the row holds exactly this vector. */
  sameVector(row: number, vector: Float32Array): boolean {
    for (let b = 0; b < this.blocks.length; b++) {
      const start = this.starts[b];
      const width = this.blocks[b].end - start;
      const stored = this.blockVectors[b];
      for (let i = 0; i < width; i++)
        if (stored[row * width + i] !== vector[start + i]) return false;
    }
    return true;
  }

  private record(id: string, participationOnlyFrom: number): void {
    this.log.push({ id, participationOnlyFrom });
    if (this.log.length >= 2 * LOG_KEPT) {
      this.log = this.log.slice(LOG_KEPT);
      this.logStart += LOG_KEPT;
    }
  }

  private ensure(rows: number): void {
    if (rows <= this.active.length) return;
    const capacity = Math.max(rows, this.active.length * 2);
    this.blockVectors = this.blockVectors.map((old, b) => {
      const grown = new Float32Array(capacity * (this.blocks[b].end - this.starts[b]));
      grown.set(old);
      return grown;
    });
    const times = new Float64Array(capacity);
    times.set(this.lastParticipationMs);
    this.lastParticipationMs = times;
    const active = new Uint8Array(capacity);
    active.set(this.active);
    this.active = active;
  }
}
