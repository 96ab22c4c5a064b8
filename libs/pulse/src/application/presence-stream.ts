import { streamName } from '@companion/event-store';

/** The agent's check-in telemetry stream (`AgentCheckedIn`), owned by the presence decider. */
export const presenceStream = (agentId: string) => streamName('presence', agentId);
