import { projectionHarness } from '../../read-store/src/testing/projection-harness';
import {
  PREVIEW_CHARS,
  PULSES,
  PulseDoc,
  pulseProjection,
} from '../src/projections/pulse.projection';

async function matchedPair() {
  const store = projectionHarness(pulseProjection);
  await store.apply('AgentRegistered', { agentId: 'a' });
  await store.apply('AgentRegistered', { agentId: 'b' });
  await store.apply('MatchCreated', { matchId: 'm', agentIds: ['a', 'b'] });
  return store;
}

const latest = async (store: Awaited<ReturnType<typeof matchedPair>>, agentId: string) =>
  ((await store.doc(PULSES, agentId)) as unknown as PulseDoc).matches.m.latestMessage;

describe('pulse projection: the latest message preview', () => {
  it('keeps a short message whole, for both agents of the match', async () => {
    const store = await matchedPair();
    await store.apply('MessageSent', {
      matchId: 'm',
      messageId: 'x',
      senderId: 'a',
      content: 'Tea at noon?',
      seq: 1,
    });
    for (const agent of ['a', 'b'])
      expect(await latest(store, agent)).toMatchObject({
        id: 'x',
        content: 'Tea at noon?',
        truncated: false,
      });
  });

  it('counts code points, not UTF-16 units: a preview-long text of emoji is whole', async () => {
    const store = await matchedPair();
    const content = '🌊'.repeat(PREVIEW_CHARS);
    expect(content.length).toBe(2 * PREVIEW_CHARS);
    await store.apply('MessageSent', {
      matchId: 'm',
      messageId: 'x',
      senderId: 'a',
      content,
      seq: 1,
    });
    expect(await latest(store, 'b')).toMatchObject({ content, truncated: false });
  });

  it('cuts a longer text at the preview length without splitting a surrogate pair', async () => {
    const store = await matchedPair();
    const content = 'a' + '🌊'.repeat(PREVIEW_CHARS);
    await store.apply('MessageSent', {
      matchId: 'm',
      messageId: 'x',
      senderId: 'b',
      content,
      seq: 1,
    });
    const preview = (await latest(store, 'a'))!;
    expect(preview.truncated).toBe(true);
    expect([...preview.content]).toHaveLength(PREVIEW_CHARS);
    expect(preview.content).toBe('a' + '🌊'.repeat(PREVIEW_CHARS - 1));
  });
});

describe('pulse projection: a match entry as its fields change', () => {
  it('keeps what an event does not change: rating, then message, then break-up', async () => {
    const store = await matchedPair();
    await store.apply('MessageSent', {
      matchId: 'm',
      messageId: 'x1',
      senderId: 'a',
      content: 'Hello',
      seq: 1,
    });
    await store.apply('ChemistryRated', { matchId: 'm', raterId: 'b', rating: 8, messageCount: 1 });
    await store.apply(
      'MessageSent',
      { matchId: 'm', messageId: 'x2', senderId: 'b', content: 'Hi', seq: 2 },
      '2026-11-21T12:05:00.000Z',
    );
    await store.apply(
      'RelationshipStatusChanged',
      { matchId: 'm', triggeredBy: 'a', from: 'active', to: 'broken_up' },
      '2026-11-21T12:09:00.000Z',
    );
    const entry = async (agent: string) =>
      ((await store.doc(PULSES, agent)) as unknown as PulseDoc).matches.m;
    expect(await entry('b')).toEqual({
      partnerId: 'a',
      status: 'broken_up',
      createdAt: '2026-11-21T12:00:00.000Z',
      lastActivityAt: '2026-11-21T12:09:00.000Z',
      messageCount: 2,
      latestMessage: {
        id: 'x2',
        senderId: 'b',
        content: 'Hi',
        truncated: false,
        createdAt: '2026-11-21T12:05:00.000Z',
      },
      spokenBy: ['a', 'b'],
      myRatingMessageCount: 1,
    });
    expect(await entry('a')).toMatchObject({
      partnerId: 'b',
      status: 'broken_up',
      messageCount: 2,
      myRatingMessageCount: null,
      spokenBy: ['a', 'b'],
    });
  });
});

describe('pulse projection: likes', () => {
  const pos = async (store: Awaited<ReturnType<typeof matchedPair>>, agent: string) =>
    (await store.doc(PULSES, agent))!._pos;

  it('leaves both pulses unwritten when a pass answers no like', async () => {
    const store = projectionHarness(pulseProjection);
    await store.apply('AgentRegistered', { agentId: 'a' });
    await store.apply('AgentRegistered', { agentId: 'b' });
    await store.apply('SwipeRecorded', {
      swiperId: 'a',
      targetId: 'b',
      liked: false,
      awaitsResponse: false,
    });
    expect([await pos(store, 'a'), await pos(store, 'b')]).toEqual([1, 2]);
  });

  it('records a like on both sides, and a pass that answers it clears both', async () => {
    const store = projectionHarness(pulseProjection);
    await store.apply('AgentRegistered', { agentId: 'a' });
    await store.apply('AgentRegistered', { agentId: 'b' });
    await store.apply('SwipeRecorded', {
      swiperId: 'b',
      targetId: 'a',
      liked: true,
      awaitsResponse: true,
    });
    const likes = async (agent: string) => {
      const p = (await store.doc(PULSES, agent)) as unknown as PulseDoc & { _pos: number };
      return { likers: p.likers, likesGiven: p.likesGiven, _pos: p._pos };
    };
    expect(await likes('a')).toEqual({ likers: ['b'], likesGiven: [], _pos: 3 });
    expect(await likes('b')).toEqual({ likers: [], likesGiven: ['a'], _pos: 3 });
    await store.apply('SwipeRecorded', {
      swiperId: 'a',
      targetId: 'b',
      liked: false,
      awaitsResponse: false,
    });
    expect(await likes('a')).toEqual({ likers: [], likesGiven: [], _pos: 4 });
    expect(await likes('b')).toEqual({ likers: [], likesGiven: [], _pos: 4 });
  });
});

describe('pulse projection: a guided date on both partners’ pulses', () => {
  const activities = async (store: Awaited<ReturnType<typeof matchedPair>>, agent: string) =>
    ((await store.doc(PULSES, agent)) as unknown as PulseDoc).activities;

  async function startedDate() {
    const store = await matchedPair();
    await store.apply('GuidedDateStarted', {
      activityId: 'g',
      matchId: 'm',
      scenarioId: 'picnic',
      agentIds: ['a', 'b'],
    });
    return store;
  }

  it('records a contribution by either partner on both pulses', async () => {
    const store = await startedDate();
    await store.apply('ContributionAdded', {
      activityId: 'g',
      matchId: 'm',
      agentId: 'b',
      step: 1,
    });
    for (const agent of ['a', 'b'])
      expect((await activities(store, agent)).g.contributions).toEqual([{ step: 1, agentId: 'b' }]);
  });

  it('takes a completed date off both pulses', async () => {
    const store = await startedDate();
    await store.apply('GuidedDateCompleted', {
      activityId: 'g',
      matchId: 'm',
      agentIds: ['a', 'b'],
    });
    for (const agent of ['a', 'b']) expect(await activities(store, agent)).toEqual({});
  });

  it('takes a cancelled date off both pulses, whichever partner cancelled', async () => {
    const store = await startedDate();
    await store.apply('GuidedDateCancelled', { activityId: 'g', matchId: 'm', cancelledBy: 'b' });
    for (const agent of ['a', 'b']) expect(await activities(store, agent)).toEqual({});
  });
});
