import type { INestApplication } from '@nestjs/common';
import { PROJECTIONS } from '@companion/platform';
import {
  Projection,
  ProjectionEngine,
  READ_STORE,
  ReadModels,
  ReadStore,
} from '@companion/read-store';

/** Every document of every projection of a running app, by projection and collection. */
export async function dumpReadModels(
  app: INestApplication,
): Promise<Record<string, Record<string, unknown[]>>> {
  const store = app.get<ReadStore>(READ_STORE);
  const readModels = app.get(ReadModels);
  const out: Record<string, Record<string, unknown[]>> = {};
  for (const p of app.get<Projection[]>(PROJECTIONS)) {
    out[p.name] = {};
    for (const c of p.collections)
      out[p.name][c.name] = await store.find(
        readModels.physical(c.name),
        {},
        { sort: [['_id', 1]] },
      );
  }
  return out;
}

/** Rebuilds every projection from position 0 (beside the live one, then switched). */
export async function rebuildAll(app: INestApplication): Promise<void> {
  const engine = app.get(ProjectionEngine);
  for (const p of app.get<Projection[]>(PROJECTIONS)) await engine.rebuild(p.name);
}
