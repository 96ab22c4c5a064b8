import { conflict, Decider, forbidden } from '@companion/platform/domain';

/**
 * The `match-{id}` stream: the conversation, chemistry ratings and the relationship status. The
 * match itself is created in the pair stream; commands here carry its two participants (from the
 * matches read model, which the MatchCreated event built). A block between the participants is
 * recorded here too (`MatchBlocked`), so a message racing the block is ordered by this stream's
 * revision: it lands before the block or is refused.
 */
export const RELATIONSHIP_STATUSES = ['active', 'broken_up'] as const;
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];

/** A relationship breaks up when a participant rates the chemistry below this. */
export const BREAK_UP_BELOW = 0.2;
/** A broken-up relationship is active again when both participants' latest ratings reach this. */
export const RECONCILE_AT = 0.6;
/**
 * A love story is published once, when an active relationship reaches this milestone: both
 * participants have spoken, the conversation has at least LOVE_STORY_MESSAGES messages, and both
 * latest chemistry ratings are at least LOVE_STORY_CHEMISTRY.
 */
export const LOVE_STORY_MESSAGES = 10;
export const LOVE_STORY_CHEMISTRY = 0.8;

export type MatchEvent =
  | {
      type: 'MessageSent';
      data: { matchId: string; messageId: string; senderId: string; content: string; seq: number };
    }
  | {
      type: 'ChemistryRated';
      data: {
        matchId: string;
        raterId: string;
        rating: number;
        reason: string | null;
        messageCount: number;
      };
    }
  | {
      type: 'RelationshipStatusChanged';
      data: {
        matchId: string;
        from: RelationshipStatus;
        to: RelationshipStatus;
        triggeredBy: string;
      };
    }
  | { type: 'MatchBlocked'; data: { matchId: string; blockerId: string } }
  | {
      type: 'LoveStoryPublished';
      data: {
        storyId: string;
        matchId: string;
        agentIds: string[];
        messageCount: number;
        chemistry: number;
        triggeredBy: string;
      };
    };

export type MatchCommand =
  | {
      type: 'SendMessage';
      matchId: string;
      participants: readonly string[];
      senderId: string;
      messageId: string;
      content: string;
      storyId: string;
    }
  | {
      type: 'RateChemistry';
      matchId: string;
      participants: readonly string[];
      raterId: string;
      rating: number;
      reason: string | null;
      storyId: string;
    }
  | { type: 'BlockMatch'; matchId: string; participants: readonly string[]; blockerId: string };

export interface RatingState {
  rating: number;
  reason: string | null;
  /** The match's message count when this rating was given (pulse rule 2). */
  messageCount: number;
}

export interface MatchState {
  status: RelationshipStatus;
  messageCount: number;
  ratingsCount: number;
  ratings: Record<string, RatingState>;
  spokenBy: string[];
  storyPublished: boolean;
  /** A participant blocked the other: nothing more is said or rated here, even after an unblock. */
  blocked: boolean;
}

export const matchDecider: Decider<MatchState, MatchCommand, MatchEvent> = {
  initialState: () => ({
    status: 'active',
    messageCount: 0,
    ratingsCount: 0,
    ratings: {},
    spokenBy: [],
    storyPublished: false,
    blocked: false,
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'MessageSent':
        return {
          ...state,
          messageCount: state.messageCount + 1,
          spokenBy: state.spokenBy.includes(event.data.senderId)
            ? state.spokenBy
            : [...state.spokenBy, event.data.senderId],
        };
      case 'ChemistryRated':
        return {
          ...state,
          ratingsCount: state.ratingsCount + 1,
          ratings: {
            ...state.ratings,
            [event.data.raterId]: {
              rating: event.data.rating,
              reason: event.data.reason,
              messageCount: event.data.messageCount,
            },
          },
        };
      case 'RelationshipStatusChanged':
        return { ...state, status: event.data.to };
      case 'LoveStoryPublished':
        return { ...state, storyPublished: true };
      case 'MatchBlocked':
        return { ...state, blocked: true };
      default:
        return state; // the guided-date decider's events share this stream
    }
  },

  decide(command, state) {
    if (!command.participants.includes(actorOf(command)))
      throw forbidden('not_a_participant', 'only the two participants of this match may do this');
    if (command.type === 'BlockMatch') return decideBlock(command, state);
    if (state.blocked) throw blockedMatch();
    switch (command.type) {
      case 'SendMessage': {
        if (state.status === 'broken_up') {
          throw conflict(
            'relationship_broken_up',
            'this relationship is broken up: messages are closed until both rate the chemistry at 0.6 or more',
          );
        }
        const sent: MatchEvent = {
          type: 'MessageSent',
          data: {
            matchId: command.matchId,
            messageId: command.messageId,
            senderId: command.senderId,
            content: command.content,
            seq: state.messageCount + 1,
          },
        };
        return withLoveStory(state, [sent], command);
      }
      case 'RateChemistry': {
        const rated: MatchEvent = {
          type: 'ChemistryRated',
          data: {
            matchId: command.matchId,
            raterId: command.raterId,
            rating: command.rating,
            reason: command.reason,
            messageCount: state.messageCount,
          },
        };
        const next = nextStatus(
          matchDecider.evolve(state, rated),
          command.raterId,
          command.participants,
        );
        const events: MatchEvent[] =
          next === state.status
            ? [rated]
            : [
                rated,
                {
                  type: 'RelationshipStatusChanged',
                  data: {
                    matchId: command.matchId,
                    from: state.status,
                    to: next,
                    triggeredBy: command.raterId,
                  },
                },
              ];
        return withLoveStory(state, events, command);
      }
    }
  },
};

function actorOf(command: MatchCommand): string {
  switch (command.type) {
    case 'SendMessage':
      return command.senderId;
    case 'RateChemistry':
      return command.raterId;
    case 'BlockMatch':
      return command.blockerId;
  }
}

/** 403 `blocked`: the refusal of every write on a match whose participants blocked each other. */
export const blockedMatch = () =>
  forbidden('blocked', 'one of you has blocked the other: this match is closed to new activity');

/** The first block ends the match: an active relationship breaks up (both hear of it live). */
function decideBlock(
  command: Extract<MatchCommand, { type: 'BlockMatch' }>,
  state: MatchState,
): MatchEvent[] {
  if (state.blocked) return [];
  const blocked: MatchEvent = {
    type: 'MatchBlocked',
    data: { matchId: command.matchId, blockerId: command.blockerId },
  };
  if (state.status !== 'active') return [blocked];
  return [
    blocked,
    {
      type: 'RelationshipStatusChanged',
      data: {
        matchId: command.matchId,
        from: 'active',
        to: 'broken_up',
        triggeredBy: command.blockerId,
      },
    },
  ];
}

/** Appends the love story when these events make the relationship reach its milestone. */
function withLoveStory(
  state: MatchState,
  events: MatchEvent[],
  command: Exclude<MatchCommand, { type: 'BlockMatch' }>,
): MatchEvent[] {
  const after = events.reduce(matchDecider.evolve, state);
  if (after.storyPublished || !reachedMilestone(after, command.participants)) return events;
  const ratings = command.participants.map((p) => after.ratings[p].rating);
  const actor = actorOf(command);
  return [
    ...events,
    {
      type: 'LoveStoryPublished',
      data: {
        storyId: command.storyId,
        matchId: command.matchId,
        agentIds: [...command.participants],
        messageCount: after.messageCount,
        chemistry: ratings.reduce((a, b) => a + b, 0) / ratings.length,
        triggeredBy: actor,
      },
    },
  ];
}

export function reachedMilestone(state: MatchState, participants: readonly string[]): boolean {
  return (
    state.status === 'active' &&
    state.messageCount >= LOVE_STORY_MESSAGES &&
    participants.every(
      (p) => state.spokenBy.includes(p) && (state.ratings[p]?.rating ?? 0) >= LOVE_STORY_CHEMISTRY,
    )
  );
}

/** The rule that moves a relationship between active and broken-up (README, "Chemistry"). */
export function nextStatus(
  state: MatchState,
  raterId: string,
  participants: readonly string[],
): RelationshipStatus {
  const latest = state.ratings[raterId]?.rating;
  if (state.status === 'active')
    return latest !== undefined && latest < BREAK_UP_BELOW ? 'broken_up' : 'active';
  const both = participants.map((p) => state.ratings[p]?.rating);
  return both.every((r) => r !== undefined && r >= RECONCILE_AT) ? 'active' : 'broken_up';
}
