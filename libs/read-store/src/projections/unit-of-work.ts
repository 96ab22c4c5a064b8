import type { RecordedEvent } from '@companion/event-store';
import type { Doc, ReadStore, Write } from '../read-store.port';
import { ProjectedDoc, ProjectionContext } from './projection';

/**
 * Buffers one batch of a projection's writes: reads see the batch's own pending documents, and
 * `writes()` hands the final state of each touched document to the store in one call.
 */
interface Pending {
  collection: string;
  id: string;
  doc: ProjectedDoc | null;
}

export class UnitOfWork {
  private readonly pending = new Map<string, Pending>();
  private event!: RecordedEvent;

  /** The pending documents of the batch before, whose write may still be on its way to the store. */
  private readonly previous?: Map<string, Pending>;

  /**
   * `previous`: the batch before; its documents are read from it, so a rebuild applies the next
   * batch while the last one is being written. Only its pending documents are kept, not the unit
   * itself: the batch before that has been written, and holding every unit through the one after
   * it kept a whole rebuild's documents in memory (2.8 GB for a 1 000 000-event log).
   */
  constructor(
    private readonly store: ReadStore,
    private readonly resolve: (logical: string) => string,
    previous?: UnitOfWork,
  ) {
    this.previous = previous?.pending;
  }

  contextFor(event: RecordedEvent): ProjectionContext {
    this.event = event;
    return this.context;
  }

  private readonly context: ProjectionContext = {
    get: async <T extends Doc>(collection: string, id: string) => (await this.read(this.resolve(collection), id)) as T | null,
    update: async (collection, id, fn) => {
      const physical = this.resolve(collection);
      const key = `${physical}\u0000${id}`;
      const current = await this.read(physical, id);
      const position = this.event.position;
      // Already applied (a replay), unless this very event changed it in this batch.
      if (current && current._pos >= position && this.pending.get(key)?.doc !== current) return;
      const next = fn(current as never);
      // The document itself back means no change: nothing to write (a pass swipe between two
      // agents who never liked each other would rewrite both their pulses).
      if (next === undefined || next === current) return;
      this.pending.set(key, {
        collection: physical,
        id,
        doc: next === null ? null : ({ ...next, _id: id, _pos: position } as ProjectedDoc),
      });
    },
    put: (collection, doc) => {
      const physical = this.resolve(collection);
      const id = doc._id as string;
      const key = `${physical}\u0000${id}`;
      this.pending.set(key, { collection: physical, id, doc: { ...doc, _pos: this.event.position } as ProjectedDoc });
    },
  };

  private async read(physical: string, id: string): Promise<ProjectedDoc | null> {
    const key = `${physical}\u0000${id}`;
    const p = this.pending.get(key) ?? this.previous?.get(key);
    if (p) return p.doc;
    return this.store.get<ProjectedDoc>(physical, id);
  }

  writes(): Write[] {
    return [...this.pending.values()].map((p) =>
      p.doc ? { collection: p.collection, op: 'put' as const, doc: p.doc } : { collection: p.collection, op: 'delete' as const, id: p.id },
    );
  }
}
