import type { Projection } from '@companion/read-store';

/** The mixer's read models. */
export const mixerProjections: Projection[] = [];
