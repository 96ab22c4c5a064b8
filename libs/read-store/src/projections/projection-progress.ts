import type { ReadStore } from '../read-store.port';
import { CATALOG, CatalogEntry, Checkpoint, CHECKPOINTS, checkpointId } from './catalog';

export interface ProjectionProgress {
  name: string;
  generation: number;
  version: number;
  checkpoint: number;
  lag: number;
  state: 'live' | 'rebuilding' | 'failed' | 'not started';
  error?: string;
  rebuild?: { generation: number; checkpoint: number };
}

/**
 * Each projection's progress as recorded in the read store: what an operator or an API instance
 * sees of projections that run in another process. Lag is measured against `head`, the log's
 * newest position (for EventStoreDB, a byte offset: 0 means caught up, not "events behind").
 */
export async function readProjectionProgress(
  store: ReadStore,
  names: readonly string[],
  head: number,
): Promise<ProjectionProgress[]> {
  const entries = new Map(
    (await store.getMany<CatalogEntry>(CATALOG, names)).map((e) => [e._id, e]),
  );
  return Promise.all(
    names.map(async (name): Promise<ProjectionProgress> => {
      const entry = entries.get(name);
      if (!entry)
        return { name, generation: 0, version: 0, checkpoint: 0, lag: head, state: 'not started' };
      const cp = await store.get<Checkpoint>(
        CHECKPOINTS,
        checkpointId(name, entry.activeGeneration),
      );
      const checkpoint = cp?.position ?? 0;
      const progress: ProjectionProgress = {
        name,
        generation: entry.activeGeneration,
        version: entry.version,
        checkpoint,
        lag: Math.max(0, head - checkpoint),
        state: entry.failed ? 'failed' : entry.buildingGeneration ? 'rebuilding' : 'live',
        ...(entry.failed ? { error: entry.failed.reason } : {}),
      };
      if (entry.buildingGeneration) {
        const building = await store.get<Checkpoint>(
          CHECKPOINTS,
          checkpointId(name, entry.buildingGeneration),
        );
        progress.rebuild = {
          generation: entry.buildingGeneration,
          checkpoint: building?.position ?? 0,
        };
      }
      return progress;
    }),
  );
}
