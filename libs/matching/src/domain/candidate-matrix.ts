/**
 * Discovery's candidates as columns: one contiguous array of vectors (row i at i × dims), the
 * participation times and scenes beside it. A scan over contiguous memory is several times faster
 * than over objects, and the block boundaries let the ranking stop a dot product early (see
 * discovery-ranking.ts). Pure data structure: no I/O; rows are reused after a removal.
 */
export interface Block {
  /** Exclusive end of the block in a row. */
  end: number;
  /** The block's weight: its part of the dot product is at most this (unit vectors scaled by √weight). */
  weight: number;
}

export class CandidateMatrix {
  ids: string[] = [];
  vectors: Float32Array;
  lastParticipationMs: Float64Array;
  sceneIds: Array<string | null> = [];
  active: Uint8Array;
  readonly rowOf = new Map<string, number>();
  private free: number[] = [];
  rows = 0;

  constructor(
    readonly dims: number,
    readonly blocks: readonly Block[],
    capacity = 1024,
  ) {
    this.vectors = new Float32Array(capacity * dims);
    this.lastParticipationMs = new Float64Array(capacity);
    this.active = new Uint8Array(capacity);
  }

  get size(): number {
    return this.rowOf.size;
  }

  upsert(id: string, vector: Float32Array, lastParticipationMs: number, sceneId: string | null): void {
    if (vector.length !== this.dims) throw new Error(`vector of ${vector.length} dimensions in a matrix of ${this.dims}`);
    let row = this.rowOf.get(id);
    if (row === undefined) {
      row = this.free.pop() ?? this.rows++;
      this.ensure(row + 1);
      this.rowOf.set(id, row);
      this.ids[row] = id;
    }
    this.vectors.set(vector, row * this.dims);
    this.lastParticipationMs[row] = lastParticipationMs;
    this.sceneIds[row] = sceneId;
    this.active[row] = 1;
  }

  remove(id: string): void {
    const row = this.rowOf.get(id);
    if (row === undefined) return;
    this.rowOf.delete(id);
    this.active[row] = 0;
    this.free.push(row);
  }

  vectorOf(id: string): Float32Array | undefined {
    const row = this.rowOf.get(id);
    return row === undefined ? undefined : this.vectors.subarray(row * this.dims, (row + 1) * this.dims);
  }

  private ensure(rows: number): void {
    if (rows <= this.active.length) return;
    const capacity = Math.max(rows, this.active.length * 2);
    const vectors = new Float32Array(capacity * this.dims);
    vectors.set(this.vectors);
    this.vectors = vectors;
    const times = new Float64Array(capacity);
    times.set(this.lastParticipationMs);
    this.lastParticipationMs = times;
    const active = new Uint8Array(capacity);
    active.set(this.active);
    this.active = active;
  }
}
