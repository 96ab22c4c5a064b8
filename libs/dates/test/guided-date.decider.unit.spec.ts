import { deciderSpec } from '@companion/platform/testing';
import { GuidedDateEvent, guidedDateDecider } from '../src/domain/guided-date';

const spec = deciderSpec(guidedDateDecider);
const participants = ['a', 'b'];
const base = { matchId: 'm', participants };
const start = (
  agentId: string,
  scenarioId: 'midnight-mystery' | 'impossible-bistro' = 'midnight-mystery',
  activityId = 'd1',
) => ({ ...base, type: 'StartGuidedDate' as const, agentId, activityId, scenarioId });
const contribute = (
  agentId: string,
  step: number,
  content = `${agentId} writes round ${step}`,
  activityId = 'd1',
) => ({
  ...base,
  type: 'Contribute' as const,
  agentId,
  activityId,
  step,
  content,
  keepsakeId: 'k1',
});
const cancel = (agentId: string, activityId = 'd1') => ({
  ...base,
  type: 'CancelGuidedDate' as const,
  agentId,
  activityId,
});

const started = (
  scenarioId: 'midnight-mystery' | 'impossible-bistro' = 'midnight-mystery',
  activityId = 'd1',
  startedBy = 'a',
): GuidedDateEvent => ({
  type: 'GuidedDateStarted',
  data: { matchId: 'm', activityId, scenarioId, agentIds: participants, startedBy },
});
const added = (
  agentId: string,
  step: number,
  content = `${agentId} writes round ${step}`,
  activityId = 'd1',
): GuidedDateEvent => ({
  type: 'ContributionAdded',
  data: { matchId: 'm', activityId, agentId, step, content },
});
const completed: GuidedDateEvent = {
  type: 'GuidedDateCompleted',
  data: {
    matchId: 'm',
    activityId: 'd1',
    scenarioId: 'midnight-mystery',
    keepsakeId: 'k1',
    agentIds: participants,
  },
};
const cancelled = (by: string): GuidedDateEvent => ({
  type: 'GuidedDateCancelled',
  data: { matchId: 'm', activityId: 'd1', cancelledBy: by },
});
const rounds = (n: number) =>
  Array.from({ length: n }, (_, i) => [added('a', i + 1), added('b', i + 1)]).flat();

describe('guided date decider: the section 3 table, row by row', () => {
  it('(none) → ongoing: a participant starts a date', () => {
    spec.given([]).when(start('a')).then([started()]);
  });

  it('ongoing, same scenarioId → ongoing: nothing new (the existing date is returned)', () => {
    spec
      .given([started()])
      .when(start('b', 'midnight-mystery', 'd2'))
      .thenNothing();
  });

  it('ongoing, different scenarioId → 409', () => {
    spec
      .given([started()])
      .when(start('b', 'impossible-bistro', 'd2'))
      .thenThrows('conflict', 'date_ongoing');
  });

  it('ongoing: a new contribution for the current round from a participant who has not contributed → added', () => {
    spec
      .given([started()])
      .when(contribute('a', 1))
      .then([added('a', 1)]);
    spec
      .given([started(), added('a', 1)])
      .when(contribute('b', 1))
      .then([added('b', 1)]);
  });

  it('a round advances only when both have contributed', () => {
    spec
      .given([started(), added('a', 1)])
      .when(contribute('a', 2))
      .thenThrows('conflict', 'wrong_round');
    spec
      .given([started(), ...rounds(1)])
      .when(contribute('a', 2))
      .then([added('a', 2)]);
  });

  it('ongoing: both have contributed to round 3 → completed, keepsake created', () => {
    spec
      .given([started(), ...rounds(2), added('a', 3)])
      .when(contribute('b', 3))
      .then([added('b', 3), completed]);
  });

  it('ongoing: the identical contribution again → nothing (200, no change), even after completion', () => {
    spec
      .given([started(), added('a', 1)])
      .when(contribute('a', 1))
      .thenNothing();
    spec
      .given([started(), ...rounds(3), completed])
      .when(contribute('b', 3))
      .thenNothing();
  });

  it('ongoing: skipping a round → 409', () => {
    spec.given([started()]).when(contribute('a', 2)).thenThrows('conflict', 'wrong_round');
    spec.given([started()]).when(contribute('b', 3)).thenThrows('conflict', 'wrong_round');
  });

  it('ongoing: changing an existing contribution → 409', () => {
    spec
      .given([started(), added('a', 1)])
      .when(contribute('a', 1, 'something else entirely'))
      .thenThrows('conflict', 'contribution_exists');
    spec
      .given([started(), ...rounds(1)])
      .when(contribute('b', 1, 'a different round one'))
      .thenThrows('conflict', 'contribution_exists');
  });

  it('ongoing: DELETE by a participant → cancelled (contributions are kept in the log)', () => {
    spec
      .given([started(), added('a', 1)])
      .when(cancel('b'))
      .then([cancelled('b')]);
  });

  it('completed: DELETE is refused (409), keepsakes cannot be cancelled', () => {
    spec
      .given([started(), ...rounds(3), completed])
      .when(cancel('a'))
      .thenThrows('conflict', 'date_completed');
  });

  describe('beyond the table', () => {
    it('cancelling a cancelled date changes nothing', () => {
      spec
        .given([started(), cancelled('a')])
        .when(cancel('b'))
        .thenNothing();
    });

    it('refuses contributions to a cancelled or completed date', () => {
      spec
        .given([started(), cancelled('a')])
        .when(contribute('a', 1))
        .thenThrows('conflict', 'date_not_ongoing');
    });

    it('lets a new date start once the previous one ended', () => {
      spec
        .given([started(), cancelled('a')])
        .when(start('b', 'impossible-bistro', 'd2'))
        .then([started('impossible-bistro', 'd2', 'b')]);
      spec
        .given([started(), ...rounds(3), completed])
        .when(start('a', 'midnight-mystery', 'd2'))
        .then([started('midnight-mystery', 'd2', 'a')]);
    });

    it('refuses a new date in a broken-up relationship', () => {
      spec
        .given([{ type: 'RelationshipStatusChanged', data: { to: 'broken_up' } }])
        .when(start('a'))
        .thenThrows('conflict', 'relationship_broken_up');
    });

    it('refuses non-participants everywhere (403)', () => {
      spec.given([]).when(start('c')).thenThrows('forbidden', 'not_a_participant');
      spec.given([started()]).when(contribute('c', 1)).thenThrows('forbidden');
      spec.given([started()]).when(cancel('c')).thenThrows('forbidden');
    });

    it('answers 404 for a date that is not this match’s', () => {
      spec
        .given([started()])
        .when(contribute('a', 1, 'x'.repeat(10), 'other'))
        .thenThrows('not_found', 'activity_not_found');
      spec.given([started()]).when(cancel('a', 'other')).thenThrows('not_found');
    });
  });
});
