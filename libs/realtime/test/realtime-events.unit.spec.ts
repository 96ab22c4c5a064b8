import type { RecordedEvent } from '@companion/event-store';
import {
  deletedAgentOf,
  deliveriesOf,
  matchNeedingParticipants,
} from '../src/application/realtime-events';

const at = '2025-01-01T12:00:00.000Z';
const recorded = (type: string, data: unknown): RecordedEvent => ({
  id: 'e1',
  type,
  data,
  metadata: { occurredAt: at },
  streamName: 's-1',
  revision: 0,
  position: 7,
  recordedAt: at,
});

describe('which agents get which realtime event', () => {
  it('match:new goes to each agent of the match, naming the other as partner', () => {
    const event = recorded('MatchCreated', { matchId: 'm', agentIds: ['a', 'b'] });
    expect(matchNeedingParticipants(event)).toBeNull();
    expect(deliveriesOf(event, null)).toEqual([
      {
        agentIds: ['a'],
        event: {
          type: 'match:new',
          match: { id: 'm', agentIds: ['a', 'b'], partnerId: 'b', createdAt: at },
        },
      },
      {
        agentIds: ['b'],
        event: {
          type: 'match:new',
          match: { id: 'm', agentIds: ['a', 'b'], partnerId: 'a', createdAt: at },
        },
      },
    ]);
  });

  it('message:new goes to both participants, with the message as REST shows it', () => {
    const event = recorded('MessageSent', {
      matchId: 'm',
      messageId: 'x',
      senderId: 'a',
      content: 'hi',
      seq: 1,
    });
    expect(matchNeedingParticipants(event)).toBe('m');
    expect(deliveriesOf(event, ['a', 'b'])).toEqual([
      {
        agentIds: ['a', 'b'],
        event: {
          type: 'message:new',
          matchId: 'm',
          message: { id: 'x', matchId: 'm', senderId: 'a', content: 'hi', createdAt: at },
        },
      },
    ]);
  });

  it('relationship:update goes to both participants', () => {
    const event = recorded('RelationshipStatusChanged', {
      matchId: 'm',
      from: 'active',
      to: 'broken_up',
      triggeredBy: 'b',
    });
    expect(matchNeedingParticipants(event)).toBe('m');
    expect(deliveriesOf(event, ['a', 'b'])).toEqual([
      {
        agentIds: ['a', 'b'],
        event: {
          type: 'relationship:update',
          matchId: 'm',
          from: 'active',
          to: 'broken_up',
          triggeredBy: 'b',
        },
      },
    ]);
  });

  it('delivers nothing without participants, and nothing for other events', () => {
    expect(deliveriesOf(recorded('MessageSent', { matchId: 'm' }), null)).toEqual([]);
    expect(
      deliveriesOf(recorded('SwipeRecorded', { swiperId: 'a', targetId: 'b', liked: true }), null),
    ).toEqual([]);
    expect(deliveriesOf(recorded('ChemistryRated', { matchId: 'm' }), ['a', 'b'])).toEqual([]);
  });

  it('names the agent whose deletion ends its connections', () => {
    expect(deletedAgentOf(recorded('AgentDeleted', { agentId: 'a' }))).toBe('a');
    expect(deletedAgentOf(recorded('AgentRegistered', { agentId: 'a' }))).toBeNull();
  });
});
