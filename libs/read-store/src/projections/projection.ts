import type { ProjectedEvent } from '@companion/event-store';
import type { Doc, IndexSpec } from '../read-store.port';

export interface CollectionDecl {
  /** Logical name, used by queries; the physical one carries the generation (`agents_g2`). */
  name: string;
  indexes?: readonly IndexSpec[];
  /**
   * A rebuild puts each of its documents once and deletes none (`CollectionOptions.writtenOnce`):
   * the embedded store then loads the new generation without a row map, and a second put of an
   * id or a delete fails the rebuild (MongoDB ignores it). A batch holds its documents in write
   * order, without a map of their ids until one is read (UnitOfWork).
   */
  writtenOnce?: boolean;
}

/**
 * Events per batch of a projection's rebuild when it asks for no size of its own: larger
 * transactions than the live loop's, since each commit rewrites the B-tree pages it touched and a
 * document that many events change (a match) is written once per batch.
 */
export const DEFAULT_REBUILD_BATCH_SIZE = 50_000;

/**
 * A projection turns events into read-model documents. Bump `version` when `apply` or the shape of
 * its documents changes: the engine then rebuilds it from position 0 beside the live generation and
 * switches over when the new one has caught up.
 */
export interface Projection {
  readonly name: string;
  readonly version: number;
  readonly collections: readonly CollectionDecl[];
  /** Event types it reads; the others only advance its checkpoint. */
  readonly eventTypes: readonly string[];
  /**
   * Events per batch of a rebuild (a positive integer; DEFAULT_REBUILD_BATCH_SIZE when unset), under
   * the engine's bound if it sets one. A batch writes each document it changed once, so a
   * projection that changes the same few documents again and again (the pulses) wants large
   * batches. One whose every event writes a document of its own (the feed) saves no write by them
   * and pays for holding a batch: objects that outlive the young generation are copied by the
   * collector (docs/rebuild-pipeline.md, docs/rebuild-sorts-and-batches.md).
   */
  readonly rebuildBatchSize?: number;
  /**
   * A property, not a method, so that its parameter is checked strictly: a projection whose
   * `apply` asks for more than a `ProjectedEvent` (a stream's name, say) does not compile, since a
   * rebuild would hand it none (docs/rebuild-speed.md, "What a rebuild reads of an event").
   */
  readonly apply: (event: ProjectedEvent, ctx: ProjectionContext) => Promise<void>;
}

/** Every document a projection writes carries the position of the last event that changed it. */
export interface ProjectedDoc extends Doc {
  _pos: number;
}

/**
 * What `apply` may do. Both writes are idempotent. `update`: an event whose position is not newer
 * than the document's `_pos` leaves the document alone, so applying an event twice (a rebuild
 * that overlaps the live run, a replay) changes nothing. `put`: see below.
 */
export interface ProjectionContext {
  get<T extends Doc>(collection: string, id: string): Promise<T | null>;
  /**
   * `fn` returns the new document, `null` to delete it, or `undefined` (or the very document it
   * was given) to leave it unchanged: then nothing is written. A new document must be a new object
   * (`{ ...current, … }`), never one read or shared: the unit of work takes it over and sets its
   * `_id` and `_pos` on it.
   */
  update<T extends Doc>(
    collection: string,
    id: string,
    fn: (current: T | null) => Omit<T, '_pos'> | T | null | undefined,
  ): Promise<void>;
  /**
   * A document this event alone defines (a swipe, a message, a feed item): written without reading
   * the current one. Replaying the event writes the same document again, and the events after it
   * are replayed too, so it stays idempotent without the `_pos` check. The unit of work takes the
   * object over (it sets `_pos` on it): pass a new one.
   */
  put<T extends Doc>(collection: string, doc: Omit<T, '_pos'> | T): void;
  // No queries here on purpose: a query would not see this batch's pending writes, so a rebuild
  // (one large batch) would decide differently from the live run. Keep lookup documents instead.
}
