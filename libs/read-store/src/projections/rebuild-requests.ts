import type { ReadStore } from '../read-store.port';
import { CATALOG, CatalogEntry, Checkpoint, CHECKPOINTS, checkpointId } from './catalog';

/**
 * The rebuild request protocol between an operator (the CLI, another process) and the engine that
 * serves the live generation: the request is a field of the projection's catalog entry, which the
 * engine takes (clears) when it starts the rebuild; the requester follows the catalog until the
 * active generation moves on. Both sides call this module, so neither writes the fields itself.
 */

export type RebuildProgress =
  | { state: 'requested' }
  | { state: 'building'; generation: number; position: number; events: number }
  | { state: 'switched'; generation: number };

/**
 * Asks for a rebuild of `name`; answers the generation live now (the rebuild's switch moves past
 * it), or undefined when the projection has never run against this store.
 */
export async function requestRebuild(
  store: ReadStore,
  name: string,
  now: Date,
): Promise<number | undefined> {
  const entry = await store.get<CatalogEntry>(CATALOG, name);
  if (!entry) return undefined;
  await store.write([
    { collection: CATALOG, op: 'put', doc: { ...entry, rebuildRequestedAt: now.toISOString() } },
  ]);
  return entry.activeGeneration;
}

/** Where the rebuild requested while `from` was live stands. */
export async function rebuildProgress(
  store: ReadStore,
  name: string,
  from: number,
): Promise<RebuildProgress> {
  const entry = await store.get<CatalogEntry>(CATALOG, name);
  if (entry && entry.activeGeneration > from && !entry.buildingGeneration)
    return { state: 'switched', generation: entry.activeGeneration };
  if (!entry?.buildingGeneration) return { state: 'requested' };
  const cp = await store.get<Checkpoint>(CHECKPOINTS, checkpointId(name, entry.buildingGeneration));
  return {
    state: 'building',
    generation: entry.buildingGeneration,
    position: cp?.position ?? 0,
    events: cp?.events ?? 0,
  };
}

/** Withdraws a request nobody took (no engine runs against this store). */
export async function withdrawRebuildRequest(store: ReadStore, name: string): Promise<void> {
  const entry = await store.get<CatalogEntry>(CATALOG, name);
  if (!entry?.rebuildRequestedAt) return;
  const { rebuildRequestedAt: _withdrawn, ...rest } = entry;
  await store.write([{ collection: CATALOG, op: 'put', doc: rest }]);
}

/** The engine's side: the requested projections among `names`, each request cleared as it is taken. */
export async function takeRebuildRequests(
  store: ReadStore,
  names: readonly string[],
  now: Date,
): Promise<string[]> {
  const taken: string[] = [];
  for (const entry of await store.getMany<CatalogEntry>(CATALOG, names)) {
    if (!entry.rebuildRequestedAt) continue;
    const { rebuildRequestedAt: _taken, ...rest } = entry;
    await store.write([
      { collection: CATALOG, op: 'put', doc: { ...rest, updatedAt: now.toISOString() } },
    ]);
    taken.push(entry._id);
  }
  return taken;
}
