import type { LiveProjection } from './live-loop';
import type { RunningRebuild } from './projection-rebuild';

export type ProjectionState = 'live' | 'rebuilding' | 'failed';

/** A projection as the engine that runs it sees it (readProjectionProgress: as another process does). */
export interface ProjectionStatus {
  name: string;
  version: number;
  generation: number;
  checkpoint: number;
  head: number;
  lag: number;
  state: ProjectionState;
  error?: string;
  rebuild?: { generation: number; version: number; checkpoint: number; eventsPerSecond: number };
}

/** The status of one live projection and its rebuild, if one runs, against the log's `head`. */
export function projectionStatus(
  live: LiveProjection,
  build: RunningRebuild | undefined,
  head: number,
  nowMs: number,
): ProjectionStatus {
  const elapsed = build ? (nowMs - build.startedAt) / 1000 : 0;
  return {
    name: live.projection.name,
    version: live.version,
    generation: live.generation,
    checkpoint: live.checkpoint,
    head,
    lag: Math.max(0, head - live.checkpoint),
    state: live.error ? 'failed' : build ? 'rebuilding' : 'live',
    ...(live.error ? { error: live.error } : {}),
    ...(build
      ? {
          rebuild: {
            generation: build.generation,
            version: build.version,
            checkpoint: build.checkpoint,
            eventsPerSecond: elapsed > 0 ? Math.round(build.applied / elapsed) : 0,
          },
        }
      : {}),
  };
}
