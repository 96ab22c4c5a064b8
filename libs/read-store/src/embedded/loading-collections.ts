import type { TableWrites } from './write-documents';

interface Load {
  collection: string;
  /**
   * The row of every document id this load wrote or is writing, deleted ones included; none for a
   * load whose ids are each put once (`writtenOnce`), whose rows are read by `id` instead.
   */
  rows: Map<string, number>;
  writtenOnce: boolean;
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
 * document is, and the next write of that id fills it. No id ever gets two rows. A load written
 * once (`begin`) keeps no map: there a second put of an id is a second row, which the unique id
 * index at the load's end refuses, failing the load.
 */
export class LoadingCollections {
  private readonly loads = new Map<string, Load>();

  /** @param idsMax ids a load may name rows for before it ends anyway (`nameRows`). */
  constructor(private readonly idsMax: number) {}

  /**
   * `writtenOnce`: each id is put once until the load ends and none is deleted (a collection whose
   * documents a rebuild only adds: matching's messages). Its rows are named without remembering
   * their ids: a map of a million ids is work for the main thread's collector all through the
   * rebuild (docs/messages-keyed-by-match.md). A read meanwhile scans the table by `id`; a second
   * put of an id makes the id index at the load's end, and so the load, fail.
   */
  begin(collection: string, writtenOnce = false): Load {
    const load: Load = { collection, rows: new Map(), writtenOnce, last: 0, ending: false };
    this.loads.set(collection, load);
    return load;
  }

  has(collection: string): boolean {
    return this.loads.has(collection);
  }

  /**
   * Where a read finds `id` in a collection being loaded: the row that holds, or will hold, it
   * (undefined if the load never wrote it), or `id` for a load written once (a scan).
   */
  find(collection: string, id: string): ['rowid', number | undefined] | ['id', string] {
    const load = this.loads.get(collection);
    return load?.writtenOnce ? ['id', id] : ['rowid', load?.rows.get(id)];
  }

  /**
   * Names the rows of one write's documents in the collections being loaded (`rows` of each
   * table's writes; 0, a row that never exists, for the delete of an id never written), once the
   * writes before it are on their way. Answers the loads this write must end: the first write
   * that takes a load past `idsMax` makes its id index after its rows, in the same transaction,
   * so the map's memory stays bounded; `ended` says how that went. A load written once has no map
   * to bound and is not ended early. A delete in one is refused before any row of the write is
   * named.
   */
  nameRows(writes: Map<string, TableWrites>): Load[] {
    for (const [collection, group] of writes) {
      const deleted = this.loads.get(collection)?.writtenOnce ? group.jsons.indexOf(null) : -1;
      if (deleted >= 0)
        throw new Error(
          `${collection} is written once while it loads: the delete of ${group.ids[deleted]} is refused`,
        );
    }
    const ending: Load[] = [];
    for (const [collection, group] of writes) {
      const load = this.loads.get(collection);
      if (!load) continue;
      const rows = new Array<number>(group.ids.length);
      if (load.writtenOnce) {
        for (let i = 0; i < rows.length; i++) rows[i] = ++load.last;
        group.rows = rows;
        continue;
      }
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
