import { conflict, Decider, DomainError, forbidden, notFound } from '@companion/platform/domain';
import { ScenarioId, TOTAL_ROUNDS } from './scenarios';

/**
 * Guided dates live in the `match-{id}` stream, beside the conversation (architecture §1): one
 * ongoing date per match, same scenario → the existing date, one contribution per agent per round.
 * This decider folds only the events it knows, so it shares the stream with the match decider and
 * both append with the stream's revision.
 */
export type GuidedDateStatus = 'ongoing' | 'completed' | 'cancelled';

export interface Contribution {
  step: number;
  agentId: string;
  content: string;
}

export type GuidedDateEvent =
  | {
      type: 'GuidedDateStarted';
      data: {
        matchId: string;
        activityId: string;
        scenarioId: ScenarioId;
        agentIds: string[];
        startedBy: string;
      };
    }
  | {
      type: 'ContributionAdded';
      data: { matchId: string; activityId: string; agentId: string; step: number; content: string };
    }
  | {
      type: 'GuidedDateCompleted';
      data: {
        matchId: string;
        activityId: string;
        scenarioId: ScenarioId;
        keepsakeId: string;
        agentIds: string[];
      };
    }
  | {
      type: 'GuidedDateCancelled';
      data: { matchId: string; activityId: string; cancelledBy: string };
    }
  | { type: 'RelationshipStatusChanged'; data: { to: 'active' | 'broken_up' } }
  | { type: 'MatchBlocked'; data: { matchId: string; blockerId: string } };

interface Base {
  matchId: string;
  participants: readonly string[];
  agentId: string;
}
export type GuidedDateCommand =
  | (Base & { type: 'StartGuidedDate'; activityId: string; scenarioId: ScenarioId })
  | (Base & {
      type: 'Contribute';
      activityId: string;
      step: number;
      content: string;
      keepsakeId: string;
    })
  | (Base & { type: 'CancelGuidedDate'; activityId: string });

export interface GuidedDate {
  id: string;
  scenarioId: ScenarioId;
  status: GuidedDateStatus;
  contributions: Contribution[];
}

export interface GuidedDatesState {
  relationship: 'active' | 'broken_up';
  dates: Record<string, GuidedDate>;
  ongoingId: string | null;
  /** A participant blocked the other (the match decider's `MatchBlocked`). */
  blocked: boolean;
}

/** The round being played: one more than the rounds both participants finished, at most 3. */
type Played = { contributions: ReadonlyArray<{ step: number; agentId: string }> };

export function currentRound(date: Played, participants: readonly string[]): number {
  let round = 1;
  while (
    round < TOTAL_ROUNDS &&
    participants.every((p) => date.contributions.some((c) => c.step === round && c.agentId === p))
  )
    round++;
  return round;
}

export function roundsCompleted(date: Played, participants: readonly string[]): number {
  let done = 0;
  for (let step = 1; step <= TOTAL_ROUNDS; step++) {
    if (
      participants.every((p) => date.contributions.some((c) => c.step === step && c.agentId === p))
    )
      done = step;
    else break;
  }
  return done;
}

/** The match decider's `blocked` refusal (403), for the writes of a date on a blocked match. */
const blockedDate = (): DomainError =>
  forbidden('blocked', 'one of you has blocked the other: this match is closed to new activity');

export const guidedDateDecider: Decider<GuidedDatesState, GuidedDateCommand, GuidedDateEvent> = {
  initialState: () => ({ relationship: 'active', dates: {}, ongoingId: null, blocked: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'GuidedDateStarted': {
        const { activityId, scenarioId } = event.data;
        return {
          ...state,
          ongoingId: activityId,
          dates: {
            ...state.dates,
            [activityId]: { id: activityId, scenarioId, status: 'ongoing', contributions: [] },
          },
        };
      }
      case 'ContributionAdded': {
        const date = state.dates[event.data.activityId];
        if (!date) return state;
        const { agentId, step, content } = event.data;
        return {
          ...state,
          dates: {
            ...state.dates,
            [date.id]: {
              ...date,
              contributions: [...date.contributions, { agentId, step, content }],
            },
          },
        };
      }
      case 'GuidedDateCompleted':
      case 'GuidedDateCancelled': {
        const date = state.dates[event.data.activityId];
        if (!date) return state;
        const status: GuidedDateStatus =
          event.type === 'GuidedDateCompleted' ? 'completed' : 'cancelled';
        return {
          ...state,
          ongoingId: state.ongoingId === date.id ? null : state.ongoingId,
          dates: { ...state.dates, [date.id]: { ...date, status } },
        };
      }
      case 'RelationshipStatusChanged':
        return { ...state, relationship: event.data.to };
      case 'MatchBlocked':
        return { ...state, blocked: true };
      default:
        return state; // the match decider's events
    }
  },

  decide(command, state) {
    if (!command.participants.includes(command.agentId))
      throw forbidden('not_a_participant', 'only the two participants of this match may do this');
    if (state.blocked && command.type !== 'CancelGuidedDate') throw blockedDate();
    switch (command.type) {
      case 'StartGuidedDate': {
        const ongoing = state.ongoingId ? state.dates[state.ongoingId] : null;
        if (ongoing) {
          if (ongoing.scenarioId === command.scenarioId) return []; // the existing date is the answer
          throw conflict(
            'date_ongoing',
            `a "${ongoing.scenarioId}" date is ongoing for this match; finish or cancel it first`,
          );
        }
        if (state.relationship === 'broken_up')
          throw conflict(
            'relationship_broken_up',
            'this relationship is broken up: no new guided dates',
          );
        return [
          {
            type: 'GuidedDateStarted',
            data: {
              matchId: command.matchId,
              activityId: command.activityId,
              scenarioId: command.scenarioId,
              agentIds: [...command.participants],
              startedBy: command.agentId,
            },
          },
        ];
      }
      case 'Contribute': {
        const date = state.dates[command.activityId];
        if (!date) throw notFound('activity_not_found', 'no such guided date');
        const existing = date.contributions.find(
          (c) => c.step === command.step && c.agentId === command.agentId,
        );
        if (existing) {
          if (existing.content === command.content) return [];
          throw conflict(
            'contribution_exists',
            `your round ${command.step} contribution is saved and cannot be changed`,
          );
        }
        if (date.status !== 'ongoing')
          throw conflict('date_not_ongoing', `this guided date is ${date.status}`);
        const round = currentRound(date, command.participants);
        if (command.step !== round)
          throw conflict(
            'wrong_round',
            `round ${round} is being played: contribute to step ${round}`,
          );
        const added: GuidedDateEvent = {
          type: 'ContributionAdded',
          data: {
            matchId: command.matchId,
            activityId: date.id,
            agentId: command.agentId,
            step: command.step,
            content: command.content,
          },
        };
        const after = guidedDateDecider.evolve(state, added).dates[date.id];
        if (roundsCompleted(after, command.participants) < TOTAL_ROUNDS) return [added];
        return [
          added,
          {
            type: 'GuidedDateCompleted',
            data: {
              matchId: command.matchId,
              activityId: date.id,
              scenarioId: date.scenarioId,
              keepsakeId: command.keepsakeId,
              agentIds: [...command.participants],
            },
          },
        ];
      }
      case 'CancelGuidedDate': {
        const date = state.dates[command.activityId];
        if (!date) throw notFound('activity_not_found', 'no such guided date');
        if (date.status === 'completed')
          throw conflict(
            'date_completed',
            'a completed date has a keepsake and cannot be cancelled',
          );
        if (date.status === 'cancelled') return [];
        return [
          {
            type: 'GuidedDateCancelled',
            data: { matchId: command.matchId, activityId: date.id, cancelledBy: command.agentId },
          },
        ];
      }
    }
  },
};
