import type { ProjectedEvent } from '@companion/event-store';
import type { ReadStore } from '../read-store.port';
import { physicalName } from './catalog';
import type { Projection } from './projection';
import { UnitOfWork } from './unit-of-work';

/**
 * A unit of work on one generation of `projection`: the projection names its collections, the unit
 * of work reads and writes their physical names. `previous` is the batch still being written (its
 * pending documents are read from it).
 */
export function generationUnitOfWork(
  store: ReadStore,
  projection: Projection,
  generation: number,
  previous?: UnitOfWork,
): UnitOfWork {
  const names = new Map(
    projection.collections.map((c) => [c.name, physicalName(c.name, generation)]),
  );
  return new UnitOfWork(
    store,
    (logical) => {
      const physical = names.get(logical);
      if (!physical)
        throw new Error(`projection ${projection.name} does not own collection ${logical}`);
      return physical;
    },
    previous,
    writtenOnce(projection, (name) => names.get(name)!),
  );
}

/** The physical names of the projection's collections declared `writtenOnce`. */
export function writtenOnce(
  projection: Projection,
  physical: (logical: string) => string,
): ReadonlySet<string> {
  return new Set(projection.collections.filter((c) => c.writtenOnce).map((c) => physical(c.name)));
}

/** Applies the events of `batch` past `after` that the projection handles, in log order. */
export async function applyBatch(
  uow: UnitOfWork,
  projection: Projection,
  after: number,
  batch: readonly ProjectedEvent[],
): Promise<void> {
  const types = new Set(projection.eventTypes);
  for (const event of batch) {
    if (event.position <= after || !types.has(event.type)) continue;
    await projection.apply(event, uow.contextFor(event));
  }
}
