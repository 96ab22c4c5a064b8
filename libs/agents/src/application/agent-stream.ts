import { streamName } from '@companion/event-store';

/** Everything about one agent (its profile, keys, owner access) is decided on its own stream. */
export const agentStream = (agentId: string) => streamName('agent', agentId);
