import type { Decider, DomainEvent } from '@companion/platform/domain';

/** Spec §4, pulse rule 5 and §8: check-in telemetry at most once a minute per agent. */
export const CHECK_IN_INTERVAL_MS = 60_000;

export type PresenceEvent = DomainEvent<
  'AgentCheckedIn',
  /** `checkedInAt` is absent from check-ins recorded before it was added (their time is then unknown). */
  { agentId: string; checkedInAt?: string }
>;

/** A pulse read by the agent at `at` (the clock's time, ISO 8601). */
export interface RecordCheckIn {
  type: 'RecordCheckIn';
  agentId: string;
  at: string;
}

/**
 * The agent's presence stream as the decision needs it: its last check-in's time only, so the
 * stream's last event alone gives the whole state (the command loop's `lastEventDecides`).
 */
export interface PresenceState {
  lastCheckInAt: string | null;
}

/**
 * `presence-{id}`: owns "at most once a minute". A check-in of unknown time (recorded before
 * `checkedInAt`) does not hold the next one back: at worst one more check-in after an upgrade.
 */
export const presenceDecider: Decider<PresenceState, RecordCheckIn, PresenceEvent> = {
  initialState: () => ({ lastCheckInAt: null }),
  evolve: (state, event) =>
    event.type === 'AgentCheckedIn' ? { lastCheckInAt: event.data.checkedInAt ?? null } : state,
  decide: (command, state) =>
    state.lastCheckInAt !== null &&
    Date.parse(command.at) - Date.parse(state.lastCheckInAt) < CHECK_IN_INTERVAL_MS
      ? []
      : [
          {
            type: 'AgentCheckedIn',
            data: { agentId: command.agentId, checkedInAt: command.at },
          },
        ],
};
