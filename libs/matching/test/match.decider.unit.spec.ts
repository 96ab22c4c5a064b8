import { deciderSpec } from '@companion/platform/testing';
import { chemistryScores, MatchEvent, matchDecider } from '../src/domain/match';

const spec = deciderSpec(matchDecider);
const participants = ['a', 'b'];
const send = (senderId: string, content = 'hello') => ({ type: 'SendMessage' as const, matchId: 'm', participants, senderId, messageId: `id-${senderId}`, content });
const rate = (raterId: string, rating: number, reason: string | null = null) => ({ type: 'RateChemistry' as const, matchId: 'm', participants, raterId, rating, reason });
const sent = (senderId: string, seq: number): MatchEvent => ({ type: 'MessageSent', data: { matchId: 'm', messageId: `id-${senderId}`, senderId, content: 'hello', seq } });
const rated = (raterId: string, rating: number, messageCount = 0): MatchEvent => ({ type: 'ChemistryRated', data: { matchId: 'm', raterId, rating, reason: null, messageCount } });
const changed = (from: 'active' | 'broken_up', to: 'active' | 'broken_up', triggeredBy: string): MatchEvent => ({
  type: 'RelationshipStatusChanged',
  data: { matchId: 'm', from, to, triggeredBy },
});

describe('match decider', () => {
  describe('SendMessage', () => {
    it('numbers messages in the order of the conversation', () => {
      spec.given([]).when(send('a')).then([sent('a', 1)]);
      spec.given([sent('a', 1), sent('b', 2)]).when(send('a')).then([sent('a', 3)]);
    });

    it('refuses a non-participant', () => {
      spec.given([]).when(send('c')).thenThrows('forbidden', 'not_a_participant');
    });

    it('refuses messages in a broken-up relationship', () => {
      spec.given([rated('a', 0.1), changed('active', 'broken_up', 'a')]).when(send('b')).thenThrows('conflict', 'relationship_broken_up');
    });
  });

  describe('RateChemistry', () => {
    it('records the rating with the message count at the time', () => {
      spec.given([sent('a', 1), sent('b', 2)]).when(rate('a', 0.7, 'sparks')).then([
        { type: 'ChemistryRated', data: { matchId: 'm', raterId: 'a', rating: 0.7, reason: 'sparks', messageCount: 2 } },
      ]);
    });

    it('breaks up when a participant rates below 0.2', () => {
      spec.given([]).when(rate('a', 0.19)).then([rated('a', 0.19), changed('active', 'broken_up', 'a')]);
    });

    it('stays active at exactly 0.2', () => {
      spec.given([]).when(rate('b', 0.2)).then([rated('b', 0.2)]);
    });

    it('stays broken up until both latest ratings reach 0.6', () => {
      const brokenUp = [rated('a', 0.1), changed('active', 'broken_up', 'a')];
      spec.given(brokenUp).when(rate('b', 0.9)).then([rated('b', 0.9)]);
      spec.given([...brokenUp, rated('b', 0.9)]).when(rate('a', 0.59)).then([rated('a', 0.59)]);
      spec.given([...brokenUp, rated('b', 0.9)]).when(rate('a', 0.6)).then([rated('a', 0.6), changed('broken_up', 'active', 'a')]);
    });

    it('refuses a non-participant', () => {
      spec.given([]).when(rate('c', 0.5)).thenThrows('forbidden', 'not_a_participant');
    });
  });

  it('summarises chemistry as each latest rating and their mean', () => {
    expect(chemistryScores({ a: { rating: 0.4 } }, participants, 3)).toEqual({ byAgent: { a: 0.4, b: null }, average: 0.4, ratingsCount: 3 });
    expect(chemistryScores({ a: { rating: 0.4 }, b: { rating: 0.8 } }, participants, 2).average).toBeCloseTo(0.6);
    expect(chemistryScores({}, participants, 0).average).toBeNull();
  });
});
