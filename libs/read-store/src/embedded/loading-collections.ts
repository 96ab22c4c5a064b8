import type { TableWrites } from './write-documents';

/**
 * Collections being loaded (`ensureCollection(…, { loading: true })`: a rebuild's new generation)
 * and, for each, which row holds which document id. Such a table has no index on `id` until the
 * load ends: a unique index of random ids (UUIDs of messages, feed items) takes every batch's
 * inserts to leaves all over it, so each batch's commit rewrote nearly the whole index, and that
 * was half the writer's time in the feed rebuild (docs/rebuild-id-index.md). Here the main thread
 * names the row of every document it writes (`rowid`, appended in write order) and reads a
 * document by its row; the index is built once, in one sort, when the load ends.
 *
 * The map is authoritative because the table was made empty by this store object, and only this
 * object writes to it until the load ends (the projections' lease holder builds a generation that
 * nothing reads before its switch). A row named here whose write did not commit reads as missing,
 * which is what it is. A write that failed may have deleted rows the map still names, or not
 * written rows it forgot, so after a failure the load is refused until the collection is dropped.
 */
export class LoadingCollections {
  /** @param idsMax documents a load may name rows for before it ends anyway (`nameRows`). */
  constructor(private readonly idsMax: number) {}

  private readonly loads = new Map<string, { rows: Map<string, number>; last: number }>();
  private readonly failed = new Set<string>();

  begin(collection: string): void {
    this.loads.set(collection, { rows: new Map(), last: 0 });
    this.failed.delete(collection);
  }

  /** Whether the collection is being loaded, or was when a write to it failed. */
  has(collection: string): boolean {
    return this.loads.has(collection) || this.failed.has(collection);
  }

  /** How many documents the load names rows for (each costs the map about 75 bytes). */
  size(collection: string): number {
    return this.load(collection).rows.size;
  }

  /** The row holding `id` (maybe not committed yet), undefined if none does. */
  row(collection: string, id: string): number | undefined {
    return this.load(collection).rows.get(id);
  }

  /**
   * The rows of one write's documents, in order: a document written before keeps its row (the
   * later write replaces it), a new one gets the next row, and a deleted one gives its row up
   * (0, a row that never exists, when it had none).
   */
  rows(collection: string, ids: readonly string[], jsons: ReadonlyArray<string | null>): number[] {
    const load = this.load(collection);
    const out = new Array<number>(ids.length);
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      let row = load.rows.get(id);
      if (jsons[i] === null) {
        load.rows.delete(id);
      } else if (row === undefined) {
        row = ++load.last;
        load.rows.set(id, row);
      }
      out[i] = row ?? 0;
    }
    return out;
  }

  /**
   * Names the rows of one write's documents in the collections being loaded, called once the
   * writes before it are on their way (rows are named in the order writes reach the writer). A
   * load that would name more than `idsMax` ends in this write instead: `idIndex`'s statement
   * makes its id index first, in the same transaction, and the map's memory stays bounded.
   * `loaded`: the collections that were being loaded, for `fail` if the write fails.
   */
  nameRows(
    writes: Map<string, TableWrites>,
    idIndex: (collection: string) => string,
  ): { schema: string[]; loaded: string[] } {
    const schema: string[] = [];
    const loaded: string[] = [];
    for (const [collection, group] of writes) {
      if (!this.has(collection)) continue;
      loaded.push(collection);
      if (this.size(collection) + group.ids.length <= this.idsMax) {
        group.rows = this.rows(collection, group.ids, group.jsons);
      } else {
        schema.push(idIndex(collection));
        this.end(collection);
      }
    }
    return { schema, loaded };
  }

  /**
   * A write to the collection failed while it was being loaded (or in the write that ended its
   * load): the map may no longer match the table, or the table may lack its id index. Refused
   * until the collection is dropped, or its load ended (its id index built: the table, which
   * holds exactly the writes that committed, then answers for itself).
   */
  fail(collection: string): void {
    this.failed.add(collection);
  }

  /** The load is over (its id index is built, or will be by the write under way) or the collection is gone. */
  end(collection: string): void {
    this.loads.delete(collection);
    this.failed.delete(collection);
  }

  private load(collection: string): { rows: Map<string, number>; last: number } {
    const load = this.loads.get(collection);
    if (!load || this.failed.has(collection))
      throw new Error(
        `a write to ${collection} failed while it was being loaded: drop it and load it again`,
      );
    return load;
  }
}
