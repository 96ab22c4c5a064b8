import type { ReadModels } from '@companion/read-store';
import {
  MAX_MESSAGE_SEQ,
  messageKey,
  MESSAGES,
  MESSAGES_KEYED_SINCE,
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
 * it on both stores. It needs the match's id only, not its document: nothing a match says (its
 * count may be ahead of the messages, from the document cache) changes how the page is read.
 */
export async function readConversation(
  readModels: ReadModels,
  matchId: string,
  page: ConversationPage,
): Promise<MessageDoc[]> {
  const { before, order, limit } = page;
  // Read before either query is made, and both made in the same turn: each query takes the
  // generation served when it is made, so both read the generation this version built.
  const keyedOnly = (readModels.version(MESSAGES) ?? MESSAGES_KEYED_SINCE) >= MESSAGES_KEYED_SINCE;
  const keyed = readModels.find<MessageDoc>(
    MESSAGES,
    {
      _id: {
        $gt: `${matchId}:`,
        // Past the largest key, the bound is the range's own end: a longer number string would
        // sort by its first digit, not by its value.
        $lt:
          before === undefined || before > MAX_MESSAGE_SEQ
            ? `${matchId};`
            : messageKey(matchId, Math.max(0, Math.ceil(before))),
      },
    },
    { sort: [['_id', order === 'newest first' ? -1 : 1]], limit },
  );
  if (keyedOnly) return keyed;
  const [keyedDocs, versionOne] = await Promise.all([
    keyed,
    versionOneMessages(readModels, matchId, page),
  ]);
  return withVersionOne(keyedDocs, versionOne, page);
}

/**
 * Version 1 of the matching projection kept a message under its own id, with its match, and
 * indexed messages by match and number. Its generation serves while version 2 is rebuilt beside it
 * (on the first start of this code), and meanwhile the live loop writes new messages there the new
 * way: the range above finds those, this query the others. Delete this and `withVersionOne` once
 * every deployment runs matching at version 2 or later (docs/messages-keyed-by-match.md).
 */
async function versionOneMessages(
  readModels: ReadModels,
  matchId: string,
  { before, order, limit }: ConversationPage,
): Promise<MessageDoc[]> {
  const docs = await readModels.find<MessageDoc>(
    MESSAGES,
    before === undefined ? { matchId } : { matchId, seq: { $lt: before } },
    { sort: [['seq', order === 'newest first' ? -1 : 1]], limit },
  );
  // A version 1 document's id is the message's.
  return docs.map((d) => ({ ...d, messageId: d._id }));
}

/**
 * The page from both kinds, in any mix: each query gave its kind's first `limit` in the page's
 * order, so the page's are among them. A message can be there both ways when two engines applied
 * it, one of each version (a lease handed over while the old one's last write was on its way):
 * shown once.
 */
function withVersionOne(
  keyed: MessageDoc[],
  versionOne: MessageDoc[],
  { order, limit }: ConversationPage,
): MessageDoc[] {
  const sign = order === 'newest first' ? -1 : 1;
  const all = [...keyed, ...versionOne].sort((a, b) => sign * (a.seq - b.seq));
  return all.filter((d, i) => i === 0 || d.seq !== all[i - 1].seq).slice(0, limit);
}
