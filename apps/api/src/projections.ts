import type { Projection } from '@companion/read-store';
import { agentsProjection } from '@companion/agents';

/** Every read model of the service; the API, the projector and the CLI share this list. */
export const ALL_PROJECTIONS: readonly Projection[] = [agentsProjection];
