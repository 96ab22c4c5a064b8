import { deciderSpec } from '@companion/platform/testing';
import { pairDecider } from '../src/domain/pair';

const spec = deciderSpec(pairDecider);
const like = (swiperId: string, targetId: string, awaitsResponse = true) => ({
  type: 'SwipeRecorded' as const,
  data: { swiperId, targetId, liked: true, awaitsResponse },
});
const blocked = (blockerId: string, blockedId: string) => ({
  type: 'AgentBlocked' as const,
  data: { blockerId, blockedId },
});
const unblocked = (blockerId: string, blockedId: string) => ({
  type: 'AgentUnblocked' as const,
  data: { blockerId, blockedId },
});
const block = (blockerId: string, blockedId: string) => ({
  type: 'Block' as const,
  blockerId,
  blockedId,
});
const unblock = (blockerId: string, blockedId: string) => ({
  type: 'Unblock' as const,
  blockerId,
  blockedId,
});
const swipe = (swiperId: string, targetId: string, liked: boolean) => ({
  type: 'Swipe' as const,
  swiperId,
  targetId,
  liked,
  matchId: 'm1',
});

describe('pair decider: blocking', () => {
  it('records a block', () => {
    spec
      .given([])
      .when(block('a', 'b'))
      .then([blocked('a', 'b')]);
  });

  it('writes nothing for a repeated block', () => {
    spec
      .given([blocked('a', 'b')])
      .when(block('a', 'b'))
      .thenNothing();
  });

  it('records the other agent’s block beside the first', () => {
    spec
      .given([blocked('a', 'b')])
      .when(block('b', 'a'))
      .then([blocked('b', 'a')]);
  });

  it('refuses to block oneself (400)', () => {
    spec.given([]).when(block('a', 'a')).thenThrows('invalid', 'cannot_block_self');
    spec.given([]).when(unblock('a', 'a')).thenThrows('invalid', 'cannot_block_self');
  });

  it('refuses (403 blocked) a swipe by either agent once one has blocked the other', () => {
    spec
      .given([blocked('a', 'b')])
      .when(swipe('a', 'b', true))
      .thenThrows('forbidden', 'blocked');
    spec
      .given([blocked('a', 'b')])
      .when(swipe('b', 'a', true))
      .thenThrows('forbidden', 'blocked');
    spec
      .given([like('b', 'a'), blocked('a', 'b')])
      .when(swipe('a', 'b', false))
      .thenThrows('forbidden', 'blocked');
  });

  it('never creates the match of a like that answers a like after a block', () => {
    spec
      .given([like('b', 'a'), blocked('b', 'a')])
      .when(swipe('a', 'b', true))
      .thenThrows('forbidden', 'blocked');
  });

  it('lifts only the unblocking agent’s block; a repeated unblock writes nothing', () => {
    spec
      .given([blocked('a', 'b')])
      .when(unblock('a', 'b'))
      .then([unblocked('a', 'b')]);
    spec
      .given([blocked('a', 'b'), unblocked('a', 'b')])
      .when(unblock('a', 'b'))
      .thenNothing();
    spec.given([]).when(unblock('a', 'b')).thenNothing();
    spec
      .given([blocked('a', 'b'), blocked('b', 'a'), unblocked('a', 'b')])
      .when(swipe('a', 'b', true))
      .thenThrows('forbidden', 'blocked');
  });

  it('lets swipes resume after every block is lifted', () => {
    spec
      .given([blocked('a', 'b'), unblocked('a', 'b')])
      .when(swipe('a', 'b', true))
      .then([like('a', 'b')]);
  });
});
