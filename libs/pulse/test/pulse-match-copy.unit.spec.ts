import { projectionHarness } from '../../read-store/src/testing/projection-harness';
import { PULSES, PulseDoc, pulseProjection } from '../src/projections/pulse.projection';
import { withMatch } from '../src/projections/with-match';

/**
 * The pulse projection copies a pulse's match entry field by field on every change
 * (`changedMatch`: the spread took V8's slow copy). A field added to the entry and not to that copy
 * would vanish at the match's next message, rating or status change; this test fails then, naming
 * the field.
 */
describe("pulse projection: a pulse's match keeps every field through every change", () => {
  it('after a message, a rating and a status change, for both agents', async () => {
    const store = projectionHarness(pulseProjection);
    await store.apply('AgentRegistered', { agentId: 'a' });
    await store.apply('AgentRegistered', { agentId: 'b' });
    await store.apply('MatchCreated', { matchId: 'm', agentIds: ['a', 'b'] });
    const entry = async (agentId: string) =>
      ((await store.doc(PULSES, agentId)) as unknown as PulseDoc).matches.m;
    const changes: Array<[string, unknown]> = [
      ['MessageSent', { matchId: 'm', messageId: 'x', senderId: 'a', content: 'hi', seq: 1 }],
      [
        'ChemistryRated',
        { matchId: 'm', raterId: 'b', rating: 0.8, reason: null, messageCount: 1 },
      ],
      [
        'RelationshipStatusChanged',
        { matchId: 'm', from: 'active', to: 'broken_up', triggeredBy: 'a' },
      ],
    ];
    const before = { a: await entry('a'), b: await entry('b') };
    expect(Object.keys(before.a).length).toBeGreaterThan(0);
    for (const [type, data] of changes) {
      await store.apply(type, data);
      for (const agentId of ['a', 'b'] as const) {
        const after = await entry(agentId);
        const lost = Object.keys(before[agentId]).filter((k) => !(k in after));
        expect({ after: type, agentId, lost }).toEqual({ after: type, agentId, lost: [] });
        expect(after).toMatchObject({
          partnerId: before[agentId].partnerId,
          createdAt: before[agentId].createdAt,
        });
        before[agentId] = after;
      }
    }
  });
});

/**
 * `withMatch` copies the pulse document itself field by field too: a field of the document that
 * it does not list would vanish at the next message; this test names it.
 */
describe('pulse projection: a pulse keeps every field through a match change', () => {
  it('after a message, a rating and a status change', async () => {
    const store = projectionHarness(pulseProjection);
    await store.apply('AgentRegistered', { agentId: 'a' });
    await store.apply('AgentRegistered', { agentId: 'b' });
    await store.apply('SwipeRecorded', {
      swiperId: 'c',
      targetId: 'a',
      liked: true,
      awaitsResponse: true,
    });
    await store.apply('MixerRsvpRecorded', { agentId: 'a', key: '2026-11-26' });
    await store.apply('MatchCreated', { matchId: 'm', agentIds: ['a', 'b'] });
    const pulse = async () => (await store.doc(PULSES, 'a')) as unknown as PulseDoc;
    const before = await pulse();
    for (const [type, data] of [
      ['MessageSent', { matchId: 'm', messageId: 'x', senderId: 'b', content: 'hi', seq: 1 }],
      [
        'ChemistryRated',
        { matchId: 'm', raterId: 'a', rating: 0.8, reason: null, messageCount: 1 },
      ],
      [
        'RelationshipStatusChanged',
        { matchId: 'm', from: 'active', to: 'broken_up', triggeredBy: 'a' },
      ],
    ] as const) {
      await store.apply(type, data);
      const after = await pulse();
      expect({ after: type, lost: Object.keys(before).filter((k) => !(k in after)) }).toEqual({
        after: type,
        lost: [],
      });
      expect(after).toMatchObject({
        likers: before.likers,
        likesGiven: before.likesGiven,
        activities: before.activities,
        mixer: before.mixer,
      });
    }
    expect(Object.keys((await pulse()).matches)).toEqual(['m']);
  });
});

describe('withMatch: the copied matches', () => {
  it('keep every match id as a key, even one named like a prototype field, and serialise alike', () => {
    const pulse: PulseDoc = {
      _id: 'a',
      _pos: 1,
      likers: [],
      likesGiven: [],
      matches: JSON.parse('{"__proto__":{"partnerId":"p"}}'),
      activities: {},
      mixer: {},
    };
    const entry = { ...pulse.matches['__proto__'], partnerId: 'q' };
    const copy = withMatch(pulse, 'm', entry);
    expect(Object.keys(copy.matches)).toEqual(['__proto__', 'm']);
    expect(JSON.parse(JSON.stringify(copy.matches))).toEqual(
      JSON.parse('{"__proto__":{"partnerId":"p"},"m":{"partnerId":"q"}}'),
    );
    const renamed = withMatch(copy, '__proto__', entry);
    expect(Object.keys(renamed.matches)).toEqual(['__proto__', 'm']);
    expect(renamed.matches['__proto__']).toBe(entry);
  });
});
