import type { Projection } from '@companion/read-store';
import { mixerGuestsProjection } from './mixer-guests.projection';

export * from './mixer-guests.projection';

/** The mixer's read models. */
export const mixerProjections: Projection[] = [mixerGuestsProjection];
