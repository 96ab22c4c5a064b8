import { Projection, ReadModels } from '@companion/read-store';
import { projectionHarness } from '../../read-store/src/testing/projection-harness';
import { ConversationPage, readConversation } from '../src/application/conversation';
import { messageView } from '../src/application/matching.queries';
import {
  messageKey,
  MESSAGES,
  MessageDoc,
  matchingProjection,
} from '../src/projections/matching.projection';

/**
 * Version 1 of the matching projection, as it wrote messages: under their own id, with an index by
 * match and number. Its generation serves while version 2 is rebuilt beside it.
 */
const versionOne: Projection = {
  ...matchingProjection,
  version: 1,
  collections: matchingProjection.collections.map((c) =>
    c.name === MESSAGES
      ? {
          name: MESSAGES,
          indexes: [
            {
              name: 'by_match_seq',
              fields: [
                ['matchId', 1],
                ['seq', -1],
              ],
            },
          ],
        }
      : c,
  ),
  apply: (event, ctx) =>
    matchingProjection.apply(event, {
      ...ctx,
      put: (collection, doc) => {
        if (collection !== MESSAGES) return ctx.put(collection, doc);
        const { _id, messageId, ...message } = doc as unknown as MessageDoc;
        ctx.put(MESSAGES, { ...message, _id: messageId, matchId: _id.split(':')[0] });
      },
    }),
};

const MESSAGE_COUNT = 20; // past 9: the keys must sort by the number's value, not its first digit

/**
 * Match `m` with `messages` messages (another match's between them), in a generation version
 * `builtBy` of the projection built. `byVersionOne(seq)`: that message was written by version 1.
 * While version 2 is rebuilt beside it, version 1's generation gets its new messages from the live
 * loop, which runs version 2; an engine of each version may take turns at the lease.
 */
async function conversation({
  messages = MESSAGE_COUNT,
  builtBy = 2,
  byVersionOne = (seq: number) => builtBy === 1 && seq > 0,
} = {}) {
  const base = builtBy === 1 ? versionOne : matchingProjection;
  let projection = base;
  const store = projectionHarness({ ...base, apply: (e, ctx) => projection.apply(e, ctx) });
  store.readModels.setGeneration('matching', 1, builtBy);
  await store.apply('MatchCreated', { matchId: 'm', agentIds: ['a', 'b'] });
  await store.apply('MatchCreated', { matchId: 'n', agentIds: ['a', 'c'] });
  for (let seq = 1; seq <= messages; seq++) {
    projection = byVersionOne(seq) ? versionOne : matchingProjection;
    const senderId = seq % 2 ? 'a' : 'b';
    await store.apply('MessageSent', {
      matchId: 'm',
      messageId: `msg-${seq}`,
      senderId,
      content: `m${seq}`,
      seq,
    });
    // Another match's messages between them: a page holds only its own match's.
    await store.apply('MessageSent', {
      matchId: 'n',
      messageId: `other-${seq}`,
      senderId: 'c',
      content: 'elsewhere',
      seq,
    });
  }
  projection = matchingProjection;
  const find = jest.spyOn(store.readModels, 'find');
  const read = async (page: ConversationPage) =>
    (await readConversation(store.readModels, 'm', page)).map((m) => messageView(m, 'm'));
  return { store, read, find };
}

const numbers = (views: Array<{ id: string }>) => views.map((v) => Number(v.id.slice(4)));

describe('a conversation, read by match and number', () => {
  it('keys each message by its match and zero-padded number, and keeps its own id', async () => {
    const { store } = await conversation({ messages: 3 });
    expect(await store.doc(MESSAGES, messageKey('m', 3))).toEqual({
      _id: 'm:0000000003',
      messageId: 'msg-3',
      senderId: 'a',
      content: 'm3',
      seq: 3,
      createdAt: '2026-11-21T12:00:00.000Z',
      _pos: expect.any(Number),
    });
    expect(await store.doc(MESSAGES, 'msg-3')).toBeUndefined();
  });

  it('pages newest first by cursor, and oldest first, in one query each', async () => {
    const { read, find } = await conversation({ messages: 12 });
    expect(numbers(await read({ order: 'newest first', limit: 5 }))).toEqual([12, 11, 10, 9, 8]);
    expect(numbers(await read({ before: 8, order: 'newest first', limit: 5 }))).toEqual([
      7, 6, 5, 4, 3,
    ]);
    expect(numbers(await read({ before: 3, order: 'newest first', limit: 5 }))).toEqual([2, 1]);
    expect(numbers(await read({ order: 'oldest first', limit: 3 }))).toEqual([1, 2, 3]);
    expect(await read({ before: 1, order: 'newest first', limit: 5 })).toEqual([]);
    expect(find).toHaveBeenCalledTimes(5);
  });

  it('reads a cursor past the largest key, or between numbers, as a bound on the number', async () => {
    const { store, read } = await conversation({ messages: 12 });
    for (const before of [1e10, 1e12, Number.MAX_VALUE])
      expect(numbers(await read({ before, order: 'newest first', limit: 2 }))).toEqual([12, 11]);
    // A key of ten digits that a longer bound's first digit would sort above.
    const last = 9_000_000_000;
    await store.apply('MessageSent', {
      matchId: 'm',
      messageId: `msg-${last}`,
      senderId: 'a',
      content: 'much later',
      seq: last,
    });
    const page = await readConversation(store.readModels, 'm', {
      before: 2e10,
      order: 'newest first',
      limit: 2,
    });
    expect(page.map((m) => m.seq)).toEqual([last, 12]);
    expect(numbers(await read({ before: 3.5, order: 'newest first', limit: 5 }))).toEqual([
      3, 2, 1,
    ]);
    for (const before of [0, -4, 0.5])
      expect(await read({ before, order: 'newest first', limit: 5 })).toEqual([]);
  });

  it('reads in one query a message sent after the match was read', async () => {
    const { store, read, find } = await conversation({ messages: 12 });
    await store.apply('MessageSent', {
      matchId: 'm',
      messageId: 'msg-13',
      senderId: 'b',
      content: 'm13',
      seq: 13,
    });
    expect(numbers(await read({ order: 'newest first', limit: 3 }))).toEqual([13, 12, 11]);
    expect(find).toHaveBeenCalledTimes(1);
  });

  it('answers a match without messages in one query', async () => {
    const { read, find } = await conversation({ messages: 0 });
    expect(await read({ order: 'newest first', limit: 5 })).toEqual([]);
    expect(find).toHaveBeenCalledTimes(1);
  });

  it("gives the same pages from version 1's generation, whatever mix of the two kinds it holds", async () => {
    const pages: ConversationPage[] = [
      { order: 'newest first', limit: 5 },
      { before: 17, order: 'newest first', limit: 5 },
      { before: 8, order: 'newest first', limit: 5 },
      { before: 3.5, order: 'newest first', limit: 5 },
      { before: 1e12, order: 'newest first', limit: 2 },
      { before: 1, order: 'newest first', limit: 5 },
      { order: 'oldest first', limit: 3 },
      { order: 'oldest first', limit: 30 },
    ];
    const now = await conversation();
    const mixes: Record<string, (seq: number) => boolean> = {
      'version 1 alone': () => true,
      'version 2 after message 8': (seq) => seq <= 8,
      'the lease back to version 1 for 13 to 15': (seq) => seq <= 8 || (seq >= 13 && seq <= 15),
    };
    for (const [mix, byVersionOne] of Object.entries(mixes)) {
      const before = await conversation({ builtBy: 1, byVersionOne });
      expect(await before.store.doc(MESSAGES, 'msg-3')).toMatchObject({ seq: 3 });
      for (const page of pages) {
        const expected = await now.read(page);
        expect(expected.length > 0 || page.before === 1).toBe(true);
        expect({ mix, page, views: await before.read(page) }).toEqual({
          mix,
          page,
          views: expected,
        });
      }
    }
    expect(numbers(await now.read({ order: 'oldest first', limit: 30 }))).toEqual(
      Array.from({ length: MESSAGE_COUNT }, (_, i) => i + 1),
    );
  });

  it('reads both ways from the generation it chose, though the switch comes during a query', async () => {
    const now = await conversation();
    const upgrading = await conversation({ builtBy: 1, byVersionOne: (seq) => seq <= 8 });
    const find = ReadModels.prototype.find.bind(upgrading.store.readModels);
    upgrading.find.mockImplementation((collection, filter, options) =>
      find(collection, filter, options).then((docs) => {
        // The rebuild's switch (generation 2 is not even there): later queries would read it.
        upgrading.store.readModels.setGeneration('matching', 2, 2);
        return docs;
      }),
    );
    const page = { order: 'newest first', limit: 15 } as const;
    expect(await upgrading.read(page)).toEqual(await now.read(page));
    expect(upgrading.find).toHaveBeenCalledTimes(2);
  });

  it('shows once a message there both ways (applied by an engine of each version)', async () => {
    const now = await conversation();
    const both = await conversation({ builtBy: 1, byVersionOne: (seq) => seq <= 8 });
    await both.store.apply('MessageSent', {
      matchId: 'm',
      messageId: 'msg-8',
      senderId: 'b',
      content: 'm8',
      seq: 8,
    });
    expect(await both.store.doc(MESSAGES, messageKey('m', 8))).toMatchObject({ seq: 8 });
    expect(await both.store.doc(MESSAGES, 'msg-8')).toMatchObject({ seq: 8 });
    for (const page of [
      { before: 10, order: 'newest first', limit: 3 },
      { order: 'oldest first', limit: 9 },
    ] as const)
      expect(await both.read(page)).toEqual(await now.read(page));
  });
});
