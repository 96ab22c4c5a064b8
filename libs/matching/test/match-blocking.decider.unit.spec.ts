import { deciderSpec } from '@companion/platform/testing';
import { MatchCommand, matchDecider, MatchEvent } from '../src/domain/match';

const spec = deciderSpec(matchDecider);
const participants = ['a', 'b'] as const;
const blockMatch = (blockerId: string): MatchCommand => ({
  type: 'BlockMatch',
  matchId: 'm1',
  participants,
  blockerId,
});
const matchBlocked = (blockerId: string): MatchEvent => ({
  type: 'MatchBlocked',
  data: { matchId: 'm1', blockerId },
});
const brokenUpBy = (triggeredBy: string): MatchEvent => ({
  type: 'RelationshipStatusChanged',
  data: { matchId: 'm1', from: 'active', to: 'broken_up', triggeredBy },
});
const send = (senderId: string): MatchCommand => ({
  type: 'SendMessage',
  matchId: 'm1',
  participants,
  senderId,
  messageId: 'msg',
  content: 'hello',
  storyId: 's1',
});
const rate = (raterId: string): MatchCommand => ({
  type: 'RateChemistry',
  matchId: 'm1',
  participants,
  raterId,
  rating: 0.9,
  reason: null,
  storyId: 's1',
});

describe('match decider: blocking', () => {
  it('ends an active match: the block, then the break-up it causes', () => {
    spec
      .given([])
      .when(blockMatch('a'))
      .then([matchBlocked('a'), brokenUpBy('a')]);
  });

  it('records only the block on a match that was already broken up', () => {
    spec
      .given([brokenUpBy('b')])
      .when(blockMatch('a'))
      .then([matchBlocked('a')]);
  });

  it('writes nothing when the match is already blocked, by either participant', () => {
    spec
      .given([matchBlocked('a'), brokenUpBy('a')])
      .when(blockMatch('a'))
      .thenNothing();
    spec
      .given([matchBlocked('a'), brokenUpBy('a')])
      .when(blockMatch('b'))
      .thenNothing();
  });

  it('refuses a block by someone who is not a participant (403)', () => {
    spec.given([]).when(blockMatch('c')).thenThrows('forbidden', 'not_a_participant');
  });

  it('refuses messages and chemistry ratings by either participant after the block (403 blocked)', () => {
    const given = [matchBlocked('a'), brokenUpBy('a')];
    spec.given(given).when(send('a')).thenThrows('forbidden', 'blocked');
    spec.given(given).when(send('b')).thenThrows('forbidden', 'blocked');
    spec.given(given).when(rate('a')).thenThrows('forbidden', 'blocked');
    spec.given(given).when(rate('b')).thenThrows('forbidden', 'blocked');
  });
});
