import { deciderSpec } from '@companion/platform/testing';
import { presenceDecider, PresenceEvent } from '../src/domain/presence';

const spec = deciderSpec(presenceDecider);
const checkedIn = (checkedInAt?: string): PresenceEvent => ({
  type: 'AgentCheckedIn',
  data: checkedInAt === undefined ? { agentId: 'a1' } : { agentId: 'a1', checkedInAt },
});
const read = (at: string) => ({ type: 'RecordCheckIn' as const, agentId: 'a1', at });

describe('presence decider', () => {
  it('records the first check-in of an agent', () => {
    spec
      .given([])
      .when(read('2026-11-21T12:00:00.000Z'))
      .then([checkedIn('2026-11-21T12:00:00.000Z')]);
  });

  it('records nothing within a minute of the last check-in', () => {
    spec
      .given([checkedIn('2026-11-21T12:00:00.000Z')])
      .when(read('2026-11-21T12:00:59.999Z'))
      .thenNothing();
  });

  it('records again a minute after the last check-in, whatever came before it', () => {
    spec
      .given([checkedIn('2026-11-21T11:00:00.000Z'), checkedIn('2026-11-21T12:00:00.000Z')])
      .when(read('2026-11-21T12:01:00.000Z'))
      .then([checkedIn('2026-11-21T12:01:00.000Z')]);
  });

  it('a check-in of unknown time (recorded before checkedInAt) does not hold the next back', () => {
    spec
      .given([checkedIn('2026-11-21T12:00:00.000Z'), checkedIn()])
      .when(read('2026-11-21T12:00:10.000Z'))
      .then([checkedIn('2026-11-21T12:00:10.000Z')]);
  });
});
