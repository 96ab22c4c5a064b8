import { projectionHarness } from '../../read-store/src/testing/projection-harness';
import { MATCHES, matchingProjection } from '../src/projections/matching.projection';

/**
 * The matching projection copies a match field by field on every change (`changedMatch`: the
 * spread took V8's slow copy). A field added to the match and not to that copy would vanish at the
 * match's next message, rating or status change; this test fails then, naming the field.
 */
describe('matching projection: a match keeps every field through every change', () => {
  it('after a message, a rating, a status change and a deletion', async () => {
    const store = projectionHarness(matchingProjection);
    await store.apply('MatchCreated', { matchId: 'm', agentIds: ['a', 'b'] });
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
      ['AgentDeleted', { agentId: 'a' }],
    ];
    let before = await store.doc(MATCHES, 'm');
    expect(before).toBeDefined();
    for (const [type, data] of changes) {
      await store.apply(type, data);
      const after = await store.doc(MATCHES, 'm');
      const lost = Object.keys(before!).filter((k) => !(k in after!));
      expect({ after: type, lost }).toEqual({ after: type, lost: [] });
      expect(after).toMatchObject({ agentIds: before!.agentIds, createdAt: before!.createdAt });
      before = after;
    }
  });

  it('keeps who has spoken an empty array, which the projector of version 2 adds senders to on a rollback', async () => {
    const store = projectionHarness(matchingProjection);
    await store.apply('MatchCreated', { matchId: 'm', agentIds: ['a', 'b'] });
    await store.apply('MessageSent', {
      matchId: 'm',
      messageId: 'x',
      senderId: 'a',
      content: 'hi',
      seq: 1,
    });
    await store.apply('RelationshipStatusChanged', {
      matchId: 'm',
      from: 'active',
      to: 'dating',
      triggeredBy: 'a',
    });
    expect(await store.doc(MATCHES, 'm')).toMatchObject({ messageCount: 1, spokenBy: [] });
  });
});
