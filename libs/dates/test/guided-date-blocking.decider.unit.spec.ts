import { deciderSpec } from '@companion/platform/testing';
import { GuidedDateCommand, guidedDateDecider, GuidedDateEvent } from '../src/domain/guided-date';

const spec = deciderSpec(guidedDateDecider);
const participants = ['a', 'b'] as const;
const base = { matchId: 'm1', participants, agentId: 'a' };
const started: GuidedDateEvent = {
  type: 'GuidedDateStarted',
  data: {
    matchId: 'm1',
    activityId: 'd1',
    scenarioId: 'midnight-mystery',
    agentIds: ['a', 'b'],
    startedBy: 'a',
  },
};
const blocked: GuidedDateEvent = { type: 'MatchBlocked', data: { matchId: 'm1', blockerId: 'b' } };
const start: GuidedDateCommand = {
  ...base,
  type: 'StartGuidedDate',
  activityId: 'd2',
  scenarioId: 'midnight-mystery',
};
const contribute: GuidedDateCommand = {
  ...base,
  type: 'Contribute',
  activityId: 'd1',
  step: 1,
  content: 'A first line under the stars.',
  keepsakeId: 'k1',
};

describe('guided date decider: blocking', () => {
  it('refuses a start and a contribution on a blocked match (403 blocked)', () => {
    spec.given([blocked]).when(start).thenThrows('forbidden', 'blocked');
    spec.given([started, blocked]).when(start).thenThrows('forbidden', 'blocked');
    spec.given([started, blocked]).when(contribute).thenThrows('forbidden', 'blocked');
  });

  it('still lets a participant cancel the date that was ongoing', () => {
    spec
      .given([started, blocked])
      .when({ ...base, type: 'CancelGuidedDate', activityId: 'd1' })
      .then([
        {
          type: 'GuidedDateCancelled',
          data: { matchId: 'm1', activityId: 'd1', cancelledBy: 'a' },
        },
      ]);
  });
});
