import type { ProjectedEvent } from '@companion/event-store';
import type { Doc, ReadStore, Write } from '../read-store.port';
import { ProjectedDoc, ProjectionContext } from './projection';

/**
 * What a batch holds of one collection: the final state of each document it touched (but for a
 * collection written once: AppendedDocs).
 */
interface PendingDocs {
  get(id: string): ProjectedDoc | null | undefined;
  set(id: string, doc: ProjectedDoc | null): unknown;
  forEach(fn: (doc: ProjectedDoc | null, id: string) => void): void;
}

/**
 * The documents of a batch, per physical collection (not by one joined key: V8 looks up a freshly
 * concatenated string key by a slow path, and a rebuild makes several lookups per event).
 */
type Pending = Map<string, PendingDocs>;

/**
 * A written-once collection's documents in a batch, in write order, with no map of their ids until
 * something reads one: matching's rebuild puts about 46 000 messages a batch and reads none, and
 * a Map of their ids (hashing each new key, growing by rehashing, copied by the collector) cost
 * about 6 % of its rebuild (docs/matching-rebuild-per-message.md). The first `get` makes the
 * map, so reads and later writes of an id are answered as by a Map. A second put of an id with no
 * read between is kept as two writes, in order: the store keeps the last, and a load fails at its
 * end, as the declaration says (CollectionDecl.writtenOnce).
 */
class AppendedDocs implements PendingDocs {
  private readonly ids: string[] = [];
  private readonly docs: Array<ProjectedDoc | null> = [];
  private index?: Map<string, number>;

  get(id: string): ProjectedDoc | null | undefined {
    const at = this.indexed().get(id);
    return at === undefined ? undefined : this.docs[at];
  }

  set(id: string, doc: ProjectedDoc | null): void {
    const at = this.index?.get(id);
    if (at !== undefined) {
      this.docs[at] = doc;
      return;
    }
    this.index?.set(id, this.ids.length);
    this.ids.push(id);
    this.docs.push(doc);
  }

  forEach(fn: (doc: ProjectedDoc | null, id: string) => void): void {
    for (let i = 0; i < this.ids.length; i++) fn(this.docs[i], this.ids[i]);
  }

  private indexed(): Map<string, number> {
    if (!this.index) {
      this.index = new Map();
      // The last write of an id is its state.
      for (let i = 0; i < this.ids.length; i++) this.index.set(this.ids[i], i);
    }
    return this.index;
  }
}

const DONE: Promise<void> = Promise.resolve();

/**
 * The document a projection handed over, with its id and position set on it. It is the projection's
 * new object (the port says so), so it is not copied: a copy by spread at this one place, where
 * documents of every shape pass, took V8's slow path and a twentieth of a rebuild. A shared document
 * handed over by mistake is frozen under FREEZE_SHARED (the tests), and setting its fields throws.
 */
function stamped(doc: object, id: string, position: number): ProjectedDoc {
  const d = doc as ProjectedDoc;
  d._id = id;
  d._pos = position;
  return d;
}

/**
 * Buffers one batch of a projection's writes: reads see the batch's own pending documents, and
 * `writes()` hands them to the store in one call, the final state of each touched document (a
 * collection written once may hand two puts of an id, in order: AppendedDocs).
 */
export class UnitOfWork {
  private readonly pending: Pending = new Map();
  private event!: ProjectedEvent;

  /** The pending documents of the batch before, whose write may still be on its way to the store. */
  private readonly previous?: Pending;

  /**
   * `previous`: the batch before; its documents are read from it, so a rebuild applies the next
   * batch while the last one is being written. Only its pending documents are kept, not the unit
   * itself: the batch before that has been written, and holding every unit through the one after
   * it kept a whole rebuild's documents in memory (2.8 GB for a 1 000 000-event log).
   * `writtenOnce`: the collections declared so (CollectionDecl), by physical name.
   */
  constructor(
    private readonly store: ReadStore,
    private readonly resolve: (logical: string) => string,
    previous?: UnitOfWork,
    private readonly writtenOnce: ReadonlySet<string> = new Set(),
  ) {
    this.previous = previous?.pending;
  }

  contextFor(event: ProjectedEvent): ProjectionContext {
    this.event = event;
    return this.context;
  }

  /**
   * A document of this batch or the one before is read and changed without waiting: no promise
   * and no turn of the microtask queue per `get` and `update` when the document is at hand, which
   * is most of a rebuild's (a pulse or a match changes once per message). In the pulse rebuild of
   * the 1 000 000-event log `read` and `update` were 6 % of the main thread, and every promise
   * adds to the garbage collection that was a third of it (docs/rebuild-speed.md).
   */
  private readonly context: ProjectionContext = {
    get: <T extends Doc>(collection: string, id: string) => {
      const physical = this.resolve(collection);
      const held = this.held(physical, id);
      return (
        held !== undefined ? Promise.resolve(held) : this.store.get(physical, id)
      ) as Promise<T | null>;
    },
    update: (collection, id, fn) => {
      const physical = this.resolve(collection);
      const position = this.event.position;
      const held = this.held(physical, id);
      if (held === undefined)
        return this.store
          .get<ProjectedDoc>(physical, id)
          .then((current) => this.change(physical, id, current, position, fn as never));
      try {
        this.change(physical, id, held, position, fn as never);
        return DONE;
      } catch (error) {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what fn threw, as it was
        return Promise.reject(error);
      }
    },
    put: (collection, doc) => {
      this.collection(this.resolve(collection)).set(
        doc._id as string,
        stamped(doc, doc._id as string, this.event.position),
      );
    },
  };

  private change(
    physical: string,
    id: string,
    current: ProjectedDoc | null,
    position: number,
    fn: (current: ProjectedDoc | null) => object | null | undefined,
  ): void {
    // Already applied (a replay), unless this very event changed it in this batch.
    if (current && current._pos >= position && this.pending.get(physical)?.get(id) !== current)
      return;
    const next = fn(current);
    // The document itself back means no change: nothing to write (a pass swipe between two
    // agents who never liked each other would rewrite both their pulses).
    if (next === undefined || next === current) return;
    this.collection(physical).set(id, next === null ? null : stamped(next, id, position));
  }

  private collection(physical: string): PendingDocs {
    let docs = this.pending.get(physical);
    if (!docs)
      this.pending.set(
        physical,
        (docs = this.writtenOnce.has(physical) ? new AppendedDocs() : new Map()),
      );
    return docs;
  }

  /** The document as this batch or the one before left it (null: deleted there), else undefined. */
  private held(physical: string, id: string): ProjectedDoc | null | undefined {
    const doc = this.pending.get(physical)?.get(id);
    return doc !== undefined ? doc : this.previous?.get(physical)?.get(id);
  }

  writes(): Write[] {
    const writes: Write[] = [];
    for (const [collection, docs] of this.pending)
      docs.forEach((doc, id) =>
        writes.push(doc ? { collection, op: 'put', doc } : { collection, op: 'delete', id }),
      );
    return writes;
  }
}
