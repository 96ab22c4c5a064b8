import { conflict, Decider, invalid } from '@companion/platform/domain';

/**
 * The `pair-{a}-{b}` stream (a < b) holds both agents' swipes on each other. The mutual like is
 * decided here, so two agents liking each other at the same instant create exactly one match: the
 * second append sees the first like, or loses the revision race and decides again.
 */
export type PairEvent =
  | {
      type: 'SwipeRecorded';
      /** `awaitsResponse`: a like the target has not answered yet (an incoming like in the target's pulse). */
      data: { swiperId: string; targetId: string; liked: boolean; awaitsResponse: boolean };
    }
  | { type: 'MatchCreated'; data: { matchId: string; agentIds: [string, string] } };

export interface Swipe {
  type: 'Swipe';
  swiperId: string;
  targetId: string;
  liked: boolean;
  /** Derived from the pair, so a retried or concurrent decision names the same match. */
  matchId: string;
}

export interface PairState {
  swipes: Record<string, boolean>;
  matchId: string | null;
}

export function pairKey(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

export const pairDecider: Decider<PairState, Swipe, PairEvent> = {
  initialState: () => ({ swipes: {}, matchId: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'SwipeRecorded':
        return { ...state, swipes: { ...state.swipes, [event.data.swiperId]: event.data.liked } };
      case 'MatchCreated':
        return { ...state, matchId: event.data.matchId };
      default:
        return state;
    }
  },

  decide(command, state) {
    if (command.swiperId === command.targetId)
      throw invalid('cannot_swipe_self', 'an agent cannot swipe on itself');
    const previous = state.swipes[command.swiperId];
    if (previous !== undefined) {
      // A swipe is final: repeating it changes nothing, changing it is refused.
      if (previous === command.liked) return [];
      throw conflict(
        'swipe_final',
        `already swiped ${previous ? 'like' : 'pass'} on this agent; swipes are final`,
      );
    }
    const answered = state.swipes[command.targetId] !== undefined;
    const events: PairEvent[] = [
      {
        type: 'SwipeRecorded',
        data: {
          swiperId: command.swiperId,
          targetId: command.targetId,
          liked: command.liked,
          awaitsResponse: command.liked && !answered,
        },
      },
    ];
    if (command.liked && state.swipes[command.targetId] === true && state.matchId === null) {
      events.push({
        type: 'MatchCreated',
        data: { matchId: command.matchId, agentIds: pairKey(command.swiperId, command.targetId) },
      });
    }
    return events;
  },
};
