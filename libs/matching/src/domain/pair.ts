import { conflict, Decider, forbidden, invalid } from '@companion/platform/domain';

/**
 * The `pair-{a}-{b}` stream (a < b) holds both agents' swipes on each other and their blocks. The
 * mutual like is decided here, so two agents liking each other at the same instant create exactly
 * one match: the second append sees the first like, or loses the revision race and decides again.
 * A block lives here for the same reason: a like and a block racing on one stream are ordered by
 * its revision, so no match is created after a block (docs/keys-and-safety.md).
 */
export type PairEvent =
  | {
      type: 'SwipeRecorded';
      /** `awaitsResponse`: a like the target has not answered yet (an incoming like in the target's pulse). */
      data: { swiperId: string; targetId: string; liked: boolean; awaitsResponse: boolean };
    }
  | { type: 'MatchCreated'; data: { matchId: string; agentIds: [string, string] } }
  | { type: 'AgentBlocked'; data: { blockerId: string; blockedId: string } }
  | { type: 'AgentUnblocked'; data: { blockerId: string; blockedId: string } };

export interface Swipe {
  type: 'Swipe';
  swiperId: string;
  targetId: string;
  liked: boolean;
  /** Derived from the pair, so a retried or concurrent decision names the same match. */
  matchId: string;
}

/** One agent of the pair blocks the other, or lifts its block. */
export interface SetBlock {
  type: 'Block' | 'Unblock';
  blockerId: string;
  blockedId: string;
}

export type PairCommand = Swipe | SetBlock;

export interface PairState {
  swipes: Record<string, boolean>;
  matchId: string | null;
  /** The agents of the pair whose block on the other is in force. */
  blockedBy: string[];
}

export function pairKey(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

export const pairDecider: Decider<PairState, PairCommand, PairEvent> = {
  initialState: () => ({ swipes: {}, matchId: null, blockedBy: [] }),

  evolve(state, event) {
    switch (event.type) {
      case 'SwipeRecorded':
        return { ...state, swipes: { ...state.swipes, [event.data.swiperId]: event.data.liked } };
      case 'MatchCreated':
        return { ...state, matchId: event.data.matchId };
      case 'AgentBlocked':
        return state.blockedBy.includes(event.data.blockerId)
          ? state
          : { ...state, blockedBy: [...state.blockedBy, event.data.blockerId] };
      case 'AgentUnblocked':
        return { ...state, blockedBy: state.blockedBy.filter((id) => id !== event.data.blockerId) };
      default:
        return state;
    }
  },

  decide(command, state) {
    if (command.type !== 'Swipe') return decideBlock(command, state);
    if (command.swiperId === command.targetId)
      throw invalid('cannot_swipe_self', 'an agent cannot swipe on itself');
    if (state.blockedBy.length > 0)
      throw forbidden('blocked', 'one of you has blocked the other: no swipes between you');
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

/** A repeated block or unblock answers the same and writes nothing. */
function decideBlock(command: SetBlock, state: PairState): PairEvent[] {
  if (command.blockerId === command.blockedId)
    throw invalid('cannot_block_self', 'an agent cannot block itself');
  const data = { blockerId: command.blockerId, blockedId: command.blockedId };
  const inForce = state.blockedBy.includes(command.blockerId);
  if (command.type === 'Block') return inForce ? [] : [{ type: 'AgentBlocked', data }];
  return inForce ? [{ type: 'AgentUnblocked', data }] : [];
}
