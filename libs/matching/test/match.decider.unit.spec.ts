import { deciderSpec } from '@companion/platform/testing';
import { chemistryScores } from '../src/domain/chemistry-scores';
import { MatchEvent, matchDecider } from '../src/domain/match';

const spec = deciderSpec(matchDecider);
const participants = ['a', 'b'];
const send = (senderId: string, content = 'hello') => ({
  type: 'SendMessage' as const,
  matchId: 'm',
  participants,
  senderId,
  messageId: `id-${senderId}`,
  content,
  storyId: 's',
});
const rate = (raterId: string, rating: number, reason: string | null = null) => ({
  type: 'RateChemistry' as const,
  matchId: 'm',
  participants,
  raterId,
  rating,
  reason,
  storyId: 's',
});
const sent = (senderId: string, seq: number): MatchEvent => ({
  type: 'MessageSent',
  data: { matchId: 'm', messageId: `id-${senderId}`, senderId, content: 'hello', seq },
});
const rated = (raterId: string, rating: number, messageCount = 0): MatchEvent => ({
  type: 'ChemistryRated',
  data: { matchId: 'm', raterId, rating, reason: null, messageCount },
});
const changed = (
  from: 'active' | 'broken_up',
  to: 'active' | 'broken_up',
  triggeredBy: string,
): MatchEvent => ({
  type: 'RelationshipStatusChanged',
  data: { matchId: 'm', from, to, triggeredBy },
});

describe('match decider', () => {
  describe('SendMessage', () => {
    it('numbers messages in the order of the conversation', () => {
      spec
        .given([])
        .when(send('a'))
        .then([sent('a', 1)]);
      spec
        .given([sent('a', 1), sent('b', 2)])
        .when(send('a'))
        .then([sent('a', 3)]);
    });

    it('refuses a non-participant', () => {
      spec.given([]).when(send('c')).thenThrows('forbidden', 'not_a_participant');
    });

    it('refuses messages in a broken-up relationship', () => {
      spec
        .given([rated('a', 0.1), changed('active', 'broken_up', 'a')])
        .when(send('b'))
        .thenThrows('conflict', 'relationship_broken_up');
    });
  });

  describe('RateChemistry', () => {
    it('records the rating with the message count at the time', () => {
      spec
        .given([sent('a', 1), sent('b', 2)])
        .when(rate('a', 0.7, 'sparks'))
        .then([
          {
            type: 'ChemistryRated',
            data: { matchId: 'm', raterId: 'a', rating: 0.7, reason: 'sparks', messageCount: 2 },
          },
        ]);
    });

    it('breaks up when a participant rates below 0.2', () => {
      spec
        .given([])
        .when(rate('a', 0.19))
        .then([rated('a', 0.19), changed('active', 'broken_up', 'a')]);
    });

    it('stays active at exactly 0.2', () => {
      spec
        .given([])
        .when(rate('b', 0.2))
        .then([rated('b', 0.2)]);
    });

    it('stays broken up until both latest ratings reach 0.6', () => {
      const brokenUp = [rated('a', 0.1), changed('active', 'broken_up', 'a')];
      spec
        .given(brokenUp)
        .when(rate('b', 0.9))
        .then([rated('b', 0.9)]);
      spec
        .given([...brokenUp, rated('b', 0.9)])
        .when(rate('a', 0.59))
        .then([rated('a', 0.59)]);
      spec
        .given([...brokenUp, rated('b', 0.9)])
        .when(rate('a', 0.6))
        .then([rated('a', 0.6), changed('broken_up', 'active', 'a')]);
    });

    it('refuses a non-participant', () => {
      spec.given([]).when(rate('c', 0.5)).thenThrows('forbidden', 'not_a_participant');
    });
  });

  describe('love story milestone', () => {
    const conversation = (n: number) =>
      Array.from({ length: n }, (_, i) => sent(i % 2 ? 'b' : 'a', i + 1));
    const published = (
      triggeredBy: string,
      messageCount: number,
      chemistry: number,
    ): MatchEvent => ({
      type: 'LoveStoryPublished',
      data: {
        storyId: 's',
        matchId: 'm',
        agentIds: participants,
        messageCount,
        chemistry,
        triggeredBy,
      },
    });

    it('publishes when the second high rating arrives after ten messages from both', () => {
      spec
        .given([...conversation(10), rated('a', 0.9, 10)])
        .when(rate('b', 0.8))
        .then([rated('b', 0.8, 10), published('b', 10, (0.9 + 0.8) / 2)]);
    });

    it('publishes when the tenth message arrives after both rated high', () => {
      spec
        .given([...conversation(9), rated('a', 0.9, 9), rated('b', 0.9, 9)])
        .when(send('b'))
        .then([sent('b', 10), published('b', 10, 0.9)]);
    });

    it('does not publish below the milestone: nine messages, a rating under 0.8, or one silent participant', () => {
      spec
        .given([...conversation(9), rated('a', 0.9)])
        .when(rate('b', 0.9))
        .then([rated('b', 0.9, 9)]);
      spec
        .given([...conversation(10), rated('a', 0.9)])
        .when(rate('b', 0.79))
        .then([rated('b', 0.79, 10)]);
      const monologue = Array.from({ length: 10 }, (_, i) => sent('a', i + 1));
      spec
        .given([...monologue, rated('a', 0.9)])
        .when(rate('b', 0.9))
        .then([rated('b', 0.9, 10)]);
    });

    it('publishes only once', () => {
      spec
        .given([
          ...conversation(10),
          rated('a', 0.9, 10),
          rated('b', 0.9, 10),
          published('b', 10, 0.9),
        ])
        .when(send('a'))
        .then([sent('a', 11)]);
    });
  });

  it('folds past the guided-date events that share the match stream', () => {
    const dateStarted = {
      type: 'GuidedDateStarted',
      data: {
        matchId: 'm',
        activityId: 'd',
        scenarioId: 'midnight-mystery',
        agentIds: participants,
        startedBy: 'a',
      },
    } as unknown as MatchEvent;
    spec
      .given([sent('a', 1), dateStarted])
      .when(send('b'))
      .then([sent('b', 2)]);
  });

  it('summarises chemistry as each latest rating and their mean', () => {
    expect(chemistryScores({ a: { rating: 0.4 } }, participants, 3)).toEqual({
      byAgent: { a: 0.4, b: null },
      average: 0.4,
      ratingsCount: 3,
    });
    expect(
      chemistryScores({ a: { rating: 0.4 }, b: { rating: 0.8 } }, participants, 2).average,
    ).toBeCloseTo(0.6);
    expect(chemistryScores({}, participants, 0).average).toBeNull();
  });
});
