import { streamName } from '@companion/event-store';

/** One stream per agent and occurrence: it owns that agent's RSVP to that Saturday. */
export const mixerRsvpStream = (key: string, agentId: string) =>
  streamName('mixerRsvp', `${key}_${agentId}`);
