import type { ProjectedEvent } from '@companion/event-store';
import { SqliteReadStore } from '../embedded/sqlite-read-store';
import type { Doc } from '../read-store.port';
import type { Projection } from '../projections/projection';
import { ReadModels } from '../projections/read-models';
import { UnitOfWork } from '../projections/unit-of-work';
import { writtenOnce } from '../projections/apply-batch';

/**
 * Applies events to one projection through the engine's own unit of work, one event per batch, on an
 * in-memory SQLite read store: projection tests exercise the real update and replay rules. Its
 * collections are the first generation's, read as the queries read them (`readModels`).
 */
export function projectionHarness(projection: Projection) {
  // With the document cache the API runs with: its frozen documents make a projection that mutates
  // what it read fail here, instead of corrupting what other readers see.
  const store = new SqliteReadStore(':memory:', { cacheDocuments: 1000, freezeDocuments: true });
  const readModels = new ReadModels(store, [projection]);
  const physical = (collection: string) => readModels.physical(collection);
  const ready = Promise.all(
    projection.collections.map((c) => store.ensureCollection(physical(c.name), c.indexes)),
  );
  const appended = writtenOnce(projection, physical);
  let position = 0;
  return {
    async apply(type: string, data: unknown, at = '2026-11-21T12:00:00.000Z'): Promise<void> {
      await ready;
      position += 1;
      // What a rebuild hands a projection, and no more.
      const event: ProjectedEvent = {
        id: String(position),
        type,
        data,
        metadata: { occurredAt: at },
        position,
      };
      const uow = new UnitOfWork(store, physical, undefined, appended);
      await projection.apply(event, uow.contextFor(event));
      await store.write(uow.writes());
    },
    readModels,
    doc: async (collection: string, id: string) =>
      (await readModels.get<Doc & { _pos: number }>(collection, id)) ?? undefined,
    size: async () =>
      (await Promise.all(projection.collections.map((c) => readModels.count(c.name)))).reduce(
        (a, b) => a + b,
        0,
      ),
  };
}
