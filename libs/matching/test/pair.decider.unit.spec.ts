import { deciderSpec } from '@companion/platform/testing';
import { pairDecider, pairKey } from '../src/domain/pair';

const spec = deciderSpec(pairDecider);
const like = (swiperId: string, targetId: string, awaitsResponse = true) => ({
  type: 'SwipeRecorded' as const,
  data: { swiperId, targetId, liked: true, awaitsResponse },
});
const pass = (swiperId: string, targetId: string) => ({
  type: 'SwipeRecorded' as const,
  data: { swiperId, targetId, liked: false, awaitsResponse: false },
});
const swipe = (swiperId: string, targetId: string, liked: boolean) => ({
  type: 'Swipe' as const,
  swiperId,
  targetId,
  liked,
  matchId: 'm1',
});

describe('pair decider', () => {
  it('records a first like without a match', () => {
    spec
      .given([])
      .when(swipe('a', 'b', true))
      .then([like('a', 'b')]);
  });

  it('creates the match on the second like of a mutual pair', () => {
    spec
      .given([like('b', 'a')])
      .when(swipe('a', 'b', true))
      .then([
        like('a', 'b', false),
        { type: 'MatchCreated', data: { matchId: 'm1', agentIds: ['a', 'b'] } },
      ]);
  });

  it('creates no match when the other passed, and the like awaits no response', () => {
    spec
      .given([pass('b', 'a')])
      .when(swipe('a', 'b', true))
      .then([like('a', 'b', false)]);
  });

  it('creates no match for a pass on someone who liked', () => {
    spec
      .given([like('b', 'a')])
      .when(swipe('a', 'b', false))
      .then([pass('a', 'b')]);
  });

  it('answers a repeated swipe with nothing new', () => {
    spec
      .given([like('a', 'b')])
      .when(swipe('a', 'b', true))
      .thenNothing();
    spec
      .given([
        like('b', 'a'),
        like('a', 'b', false),
        { type: 'MatchCreated', data: { matchId: 'm1', agentIds: ['a', 'b'] } },
      ])
      .when(swipe('b', 'a', true))
      .thenNothing();
  });

  it('refuses to change a swipe', () => {
    spec
      .given([pass('a', 'b')])
      .when(swipe('a', 'b', true))
      .thenThrows('conflict', 'swipe_final');
    spec
      .given([like('a', 'b')])
      .when(swipe('a', 'b', false))
      .thenThrows('conflict', 'swipe_final');
  });

  it('refuses a swipe on oneself', () => {
    spec
      .given([])
      .when(swipe('a', 'a', true))
      .thenThrows('invalid', 'cannot_swipe_self');
  });

  it('orders the pair key', () => {
    expect(pairKey('b', 'a')).toEqual(['a', 'b']);
    expect(pairKey('a', 'b')).toEqual(['a', 'b']);
  });
});
