import type { TableWrites } from './write-documents';

interface Load {
  collection: string;
  /** The row of every document id this load wrote or is writing, deleted ones included. */
  rows: Map<string, number>;
  last: number;
  /** A write under way makes the id index (the load grew past `idsMax`). */
  ending: boolean;
}

/**
 * Collections being loaded (`ensureCollection(…, { loading: true })`: a rebuild's new generation)
 * and, for each, which row holds which document id. Such a table has no index on `id` until the
 * load ends: a unique index of random ids (UUIDs of messages, feed items) takes every batch's
 * inserts to leaves all over it, so each batch's commit rewrote nearly the whole index, and that
 * was half the writer's time in the feed rebuild (docs/rebuild-id-index.md). Here the main thread
 * names the row of every document it writes (appended in write order) and reads a document by its
 * row; the index is built once, in one sort, when the load ends.
 *
 * The map is authoritative because the table was made empty by this store object, and only this
 * object writes to it until the load ends (the projections' lease holder builds a generation that
 * nothing reads before its switch). An id keeps its row for the whole load, deleted or not, so the
 * map matches the table whatever commits, in whatever order the writer takes the writes, and
 * whatever fails: a row named for a write that never committed reads as missing, which is what the
 * document is, and the next write of that id fills it. No id ever gets two rows.
 */
export class LoadingCollections {
  private readonly loads = new Map<string, Load>();

  /** @param idsMax ids a load may name rows for before it ends anyway (`nameRows`). */
  constructor(private readonly idsMax: number) {}

  begin(collection: string): Load {
    const load: Load = { collection, rows: new Map(), last: 0, ending: false };
    this.loads.set(collection, load);
    return load;
  }

  has(collection: string): boolean {
    return this.loads.has(collection);
  }

  /** The row that holds, or will hold, `id`; undefined if the load never wrote it. */
  row(collection: string, id: string): number | undefined {
    return this.loads.get(collection)?.rows.get(id);
  }

  /**
   * Names the rows of one write's documents in the collections being loaded (`rows` of each
   * table's writes; 0, a row that never exists, for the delete of an id never written), once the
   * writes before it are on their way. Answers the loads this write must end: the first write
   * that takes a load past `idsMax` makes its id index after its rows, in the same transaction,
   * so the map's memory stays bounded; `ended` says how that went.
   */
  nameRows(writes: Map<string, TableWrites>): Load[] {
    const ending: Load[] = [];
    for (const [collection, group] of writes) {
      const load = this.loads.get(collection);
      if (!load) continue;
      const rows = new Array<number>(group.ids.length);
      for (let i = 0; i < group.ids.length; i++) {
        let row = load.rows.get(group.ids[i]);
        if (row === undefined && group.jsons[i] !== null)
          load.rows.set(group.ids[i], (row = ++load.last));
        rows[i] = row ?? 0;
      }
      group.rows = rows;
      if (!load.ending && load.rows.size > this.idsMax) {
        load.ending = true;
        ending.push(load);
      }
    }
    return ending;
  }

  /** `load` is over (or its table could not be made), unless it was dropped or begun again since. */
  abandon(load: Load): void {
    if (this.loads.get(load.collection) === load) this.loads.delete(load.collection);
  }

  /** The write that was to end `load` committed (its id index is made), or failed. */
  ended(load: Load, committed: boolean): void {
    if (committed) this.abandon(load);
    else load.ending = false; // the next write tries again
  }

  /** The load is over (its id index is built) or the collection is gone. */
  end(collection: string): void {
    this.loads.delete(collection);
  }
}
