import { conflict, Decider } from '@companion/platform/domain';
import { isBeyondHorizon, mixerStatus, parseMixerKey } from './mixer-occurrence';

/**
 * One agent's RSVP to one occurrence, on the stream `mixerRsvp-{key}_{agentId}`: every rule here is
 * about that pair alone, so that stream is its one owner and concurrent requests cannot break it.
 *
 * States: none → going ⇄ cancelled, and any of them → checked_in during the live hour.
 *
 * | from                   | action   | when                           | to / answer              | event              |
 * |------------------------|----------|--------------------------------|--------------------------|--------------------|
 * | none, cancelled        | RSVP     | not ended, starts ≤ 28 days on | going                    | MixerRsvpRecorded  |
 * | going, checked_in      | RSVP     | not ended                      | unchanged                | —                  |
 * | going                  | CANCEL   | not ended                      | cancelled                | MixerRsvpCancelled |
 * | none, cancelled        | CANCEL   | not ended                      | unchanged                | —                  |
 * | checked_in             | CANCEL   | not ended                      | 409 already_checked_in   | —                  |
 * | none, going, cancelled | CHECK_IN | live hour                      | checked_in               | MixerCheckedIn     |
 * | checked_in             | CHECK_IN | live hour                      | unchanged                | —                  |
 *
 * The clock is judged before the state: RSVP or CANCEL once the occurrence has ended is 409
 * `mixer_ended`, RSVP to an occurrence starting more than 28 days ahead is 409 `beyond_horizon`,
 * CHECK_IN outside the live hour is 409 `not_live` — all 409 because the same request is well formed
 * and would be (or would have been) accepted at another time. A walk-in (CHECK_IN without an RSVP,
 * or after cancelling) is accepted: check-in records attendance, and RSVPs only express intent.
 */
export const RSVP_STATUSES = ['none', 'going', 'cancelled', 'checked_in'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];
export type MixerAction = 'RSVP' | 'CANCEL' | 'CHECK_IN';
export const MIXER_ACTIONS: readonly MixerAction[] = ['RSVP', 'CANCEL', 'CHECK_IN'];

export interface RsvpData {
  key: string;
  agentId: string;
}

export type MixerRsvpEvent =
  | { type: 'MixerRsvpRecorded'; data: RsvpData }
  | { type: 'MixerRsvpCancelled'; data: RsvpData }
  | { type: 'MixerCheckedIn'; data: RsvpData };

export const MIXER_RSVP_EVENT_TYPES: readonly MixerRsvpEvent['type'][] = [
  'MixerRsvpRecorded',
  'MixerRsvpCancelled',
  'MixerCheckedIn',
];

export interface MixerRsvpCommand {
  action: MixerAction;
  key: string;
  agentId: string;
  /** The clock's time, read once by the handler so that deciding stays pure. */
  now: Date;
}

export interface RsvpState {
  status: RsvpStatus;
}

/** Going and checked in both count: the guest list and attendeeCount are the agents who intend to come or came. */
export const isAttending = (status: RsvpStatus) => status === 'going' || status === 'checked_in';

export const mixerRsvpDecider: Decider<RsvpState, MixerRsvpCommand, MixerRsvpEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve(_state, event) {
    switch (event.type) {
      case 'MixerRsvpRecorded':
        return { status: 'going' };
      case 'MixerRsvpCancelled':
        return { status: 'cancelled' };
      case 'MixerCheckedIn':
        return { status: 'checked_in' };
    }
  },

  decide({ action, key, agentId, now }, { status }) {
    const occurrence = parseMixerKey(key);
    const timing = mixerStatus(occurrence, now);
    const data = { key: occurrence.key, agentId };
    switch (action) {
      case 'RSVP':
        if (timing === 'ended') throw ended(key);
        if (isBeyondHorizon(occurrence, now))
          throw conflict(
            'beyond_horizon',
            `RSVPs open 4 weeks ahead: the mixer of ${key} starts more than 28 days from now`,
          );
        return isAttending(status) ? [] : [{ type: 'MixerRsvpRecorded', data }];
      case 'CANCEL':
        if (timing === 'ended') throw ended(key);
        if (status === 'checked_in')
          throw conflict(
            'already_checked_in',
            'you have checked in to this mixer; attendance cannot be cancelled',
          );
        return status === 'going' ? [{ type: 'MixerRsvpCancelled', data }] : [];
      case 'CHECK_IN':
        if (timing !== 'live') {
          throw conflict(
            'not_live',
            `check-in is open only during the live hour, ${occurrence.startsAt.toISOString()} to ${occurrence.endsAt.toISOString()}; this mixer is ${timing}`,
          );
        }
        return status === 'checked_in' ? [] : [{ type: 'MixerCheckedIn', data }];
    }
  },
};

const ended = (key: string) => conflict('mixer_ended', `the mixer of ${key} has ended`);
