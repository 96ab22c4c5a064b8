import type { ReadModels } from '@companion/read-store';
import {
  MatchDoc,
  MAX_MESSAGE_SEQ,
  messageKey,
  MESSAGES,
  MessageDoc,
} from '../projections/matching.projection';

export interface ConversationPage {
  /** Only messages numbered below this (a page's cursor). */
  before?: number;
  order: 'newest first' | 'oldest first';
  limit: number;
}

/**
 * A page of a match's messages, read as one range of their ids (`messageKey`): the id index serves
 * it on both stores.
 */
export async function readConversation(
  readModels: ReadModels,
  match: MatchDoc,
  page: ConversationPage,
): Promise<MessageDoc[]> {
  const { before, order, limit } = page;
  const docs = await readModels.find<MessageDoc>(
    MESSAGES,
    {
      _id: {
        $gt: `${match._id}:`,
        // Past the largest key, the bound is the range's own end: a longer number string would
        // sort by its first digit, not by its value.
        $lt:
          before === undefined || before > MAX_MESSAGE_SEQ
            ? `${match._id};`
            : messageKey(match._id, Math.max(0, Math.ceil(before))),
      },
    },
    { sort: [['_id', order === 'newest first' ? -1 : 1]], limit },
  );
  if (isWhole(docs, match, page)) return docs;
  return withVersionOne(docs, await versionOneMessages(readModels, match, page), page);
}

/**
 * Whether a page read by its keys holds every message it must: a match's messages are numbered 1,
 * 2, … without a gap and never deleted, and the match counts them in the same write as the last
 * one. The match was read first, so the store may hold more messages than it counts, never fewer.
 */
function isWhole(docs: MessageDoc[], match: MatchDoc, { before, order, limit }: ConversationPage) {
  const below = Math.min(
    match.messageCount,
    before === undefined ? Infinity : Math.ceil(before) - 1,
  );
  const length = Math.max(0, Math.min(limit, below));
  if (length === 0) return true;
  return (
    docs.length >= length && (order === 'newest first' ? docs[0].seq >= below : docs[0].seq === 1)
  );
}

/**
 * Version 1 of the matching projection keyed a message by its own id and indexed messages by
 * match and number. Its generation still serves while version 2 is rebuilt beside it (on the first
 * start of this code), and meanwhile the live loop writes new messages there the new way: the range
 * finds only those, and the index by match the others. Delete this and `withVersionOne` once every
 * deployment runs matching at version 2 (docs/messages-keyed-by-match.md).
 */
async function versionOneMessages(
  readModels: ReadModels,
  match: MatchDoc,
  { before, order, limit }: ConversationPage,
): Promise<MessageDoc[]> {
  return readModels.find<MessageDoc>(
    MESSAGES,
    before === undefined ? { matchId: match._id } : { matchId: match._id, seq: { $lt: before } },
    { sort: [['seq', order === 'newest first' ? -1 : 1]], limit },
  );
}

/**
 * The page from both kinds: each query gave its kind's first `limit` in the page's order, so the
 * page's are among them. A message may be there both ways (a crash on MongoDB between a batch's
 * documents and its checkpoint, and this code replayed the batch): shown once. A version 1
 * document's id is the message's.
 */
function withVersionOne(
  keyed: MessageDoc[],
  versionOne: MessageDoc[],
  { order, limit }: ConversationPage,
): MessageDoc[] {
  const sign = order === 'newest first' ? -1 : 1;
  const all = [...keyed, ...versionOne.map((d) => ({ ...d, messageId: d.messageId ?? d._id }))];
  all.sort((a, b) => sign * (a.seq - b.seq));
  return all.filter((d, i) => i === 0 || d.seq !== all[i - 1].seq).slice(0, limit);
}
