import type { Doc } from '../read-store.port';

/** Where the engine keeps which generation of each projection is live, and how far each got. */
export const CATALOG = '_projections';
export const CHECKPOINTS = '_checkpoints';

export interface CatalogEntry extends Doc {
  /** The projection's name. */
  _id: string;
  activeGeneration: number;
  /** Projection code version that built the active generation. */
  version: number;
  /** A generation being rebuilt beside the live one, if any. */
  buildingGeneration?: number;
  buildingVersion?: number;
  /**
   * An operator asked for a rebuild (CLI): the process that runs the projections picks it up, so the
   * switch happens inside the engine that serves the live generation, without downtime.
   */
  rebuildRequestedAt?: string;
  /**
   * The projection stopped (an event it cannot apply, or the engine's subscription ended): every
   * API instance's /api/health answers 503 naming it until a projector starts again cleanly.
   */
  failed?: { reason: string; at: string };
  updatedAt: string;
}

export interface Checkpoint extends Doc {
  /** `${projection}@${generation}` */
  _id: string;
  position: number;
  /** Events this generation has applied (a rebuild's progress in events, whatever the store's positions are). */
  events?: number;
  updatedAt: string;
}

export function physicalName(collection: string, generation: number): string {
  return `${collection}_g${generation}`;
}

export function checkpointId(projection: string, generation: number): string {
  return `${projection}@${generation}`;
}
