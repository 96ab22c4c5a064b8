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
  updatedAt: string;
}

export interface Checkpoint extends Doc {
  /** `${projection}@${generation}` */
  _id: string;
  position: number;
  updatedAt: string;
}

export function physicalName(collection: string, generation: number): string {
  return `${collection}_g${generation}`;
}

export function checkpointId(projection: string, generation: number): string {
  return `${projection}@${generation}`;
}
