import type { ProjectedEvent } from '@companion/event-store';
import type { Doc, Projection, ProjectionContext } from '@companion/read-store';
import type { MatchEvent, RelationshipStatus } from '../domain/match';
import type { PairEvent } from '../domain/pair';

export interface MessagePreview {
  id: string;
  senderId: string;
  content: string;
  createdAt: string;
}

export interface RatingDoc {
  rating: number;
  reason: string | null;
  ratedAt: string;
  /** The match's message count when the rating was given (pulse rule 2). */
  messageCount: number;
}

export interface MatchDoc extends Doc {
  agentIds: [string, string];
  status: RelationshipStatus;
  createdAt: string;
  lastActivityAt: string;
  messageCount: number;
  latestMessage: MessagePreview | null;
  /**
   * Not kept up since version 3 (since version 4 made empty with the match, then handed on):
   * nothing reads it, and the pulse keeps its own. It stays because the projector of version 2
   * adds each new sender to it: one rolled back, or a standby not yet upgraded, applies messages to
   * this generation until its own rebuild switches.
   */
  spokenBy: string[];
  ratings: Record<string, RatingDoc>;
  ratingsCount: number;
  /** A participant deleted their profile: the match is gone for everyone. */
  closed: boolean;
}

export interface AgentMatchesDoc extends Doc {
  /** Newest first. */
  matchIds: string[];
}

/**
 * A message, under the id `messageKey` gives it: its match's messages are one range of ids, and
 * the match is not repeated in the document (every reader knows it).
 */
export interface MessageDoc extends Doc {
  /** The message's own id, as the API shows it. */
  messageId: string;
  senderId: string;
  content: string;
  seq: number;
  createdAt: string;
}

export interface SwipeDoc extends Doc {
  swiperId: string;
  targetId: string;
  liked: boolean;
  at: string;
}

export const MATCHES = 'matches';
export const AGENT_MATCHES = 'agentMatches';
export const MESSAGES = 'messages';
export const SWIPES = 'swipes';

export const swipeId = (swiperId: string, targetId: string) => `${swiperId}:${targetId}`;

/**
 * The ids of one agent's swipes: an agent id holds no `:` (a UUID), so they are the ids between
 * `swiperId:` and `swiperId;` (`;` follows `:`), and no other agent's swipe is among them.
 */
export const swipesOf = (swiperId: string) =>
  ({ _id: { $gt: `${swiperId}:`, $lt: `${swiperId};` } }) as const;

/** The swiper and the target a swipe's id names. */
export function swipePair(id: string): { swiperId: string; targetId: string } {
  const colon = id.indexOf(':');
  return { swiperId: id.slice(0, colon), targetId: id.slice(colon + 1) };
}

/** Digits of a message's number in its key: the keys of a match sort as the numbers do. */
const SEQ_DIGITS = 10;
/** The largest number a key can hold. */
export const MAX_MESSAGE_SEQ = 10 ** SEQ_DIGITS - 1;

/**
 * The first version of the projection that keys messages by `messageKey`, with no other index: a
 * generation an older version built is read both ways (conversation.ts). A later version changes
 * the projection's `version`, not this.
 */
export const MESSAGES_KEYED_SINCE = 2;

/**
 * A message's document id: its match, then its number in the conversation. The conversation is read
 * by match and number only, so the id index serves it, and the store keeps no second index of
 * messages (made at every rebuild's end, and updated by every message sent:
 * docs/messages-keyed-by-match.md). A match id holds no `:` (a UUID), so no match's range holds
 * another's.
 */
export const messageKey = (matchId: string, seq: number) =>
  `${matchId}:${String(seq).padStart(SEQ_DIGITS, '0')}`;

/**
 * A match with some fields changed, built field by field: a conversation changes its match once per
 * message, and `{ ...m, … }` there took V8's slow copy (8.7 % of the matching rebuild's main thread).
 */
function changedMatch(m: MatchDoc, c: Partial<MatchDoc>): MatchDoc {
  return {
    _id: m._id,
    agentIds: m.agentIds,
    status: c.status ?? m.status,
    createdAt: m.createdAt,
    lastActivityAt: c.lastActivityAt ?? m.lastActivityAt,
    messageCount: c.messageCount ?? m.messageCount,
    latestMessage: c.latestMessage !== undefined ? c.latestMessage : m.latestMessage,
    spokenBy: m.spokenBy,
    ratings: c.ratings ?? m.ratings,
    ratingsCount: c.ratingsCount ?? m.ratingsCount,
    closed: c.closed ?? m.closed,
  };
}

type Handled = PairEvent | MatchEvent | { type: 'AgentDeleted'; data: { agentId: string } };

/** Matches, conversations and swipes, as the match endpoints, discovery and the pulse read them. */
export const matchingProjection: Projection = {
  name: 'matching',
  // 2: messages keyed by match and number (messageKey), without the index by match. 3: a match no
  // longer records who has spoken (MatchDoc.spokenBy, no reader): looking the sender up there cost
  // each message a cold read (docs/matching-rebuild-per-message.md). 4: the field kept, empty, for
  // version 2's projector; a generation version 3 built lacks it, so it is built again. 5: swipes
  // indexed for discovery's ids-only reads (below), without the index by swiper.
  version: 5,
  collections: [
    { name: MATCHES },
    { name: AGENT_MATCHES },
    // A rebuild puts each message once (its key is its match and number) and deletes none.
    { name: MESSAGES, writtenOnce: true },
    {
      name: SWIPES,
      // Discovery reads ids only (docs/discovery-swipes-by-id.md): a caller's own swipes are the
      // id range `swipeId(caller, …)`, served by the id index; the likes it received are served by
      // this index alone, which holds the swiper in the id.
      indexes: [
        {
          name: 'likes_received',
          fields: [
            ['targetId', 1],
            ['liked', 1],
            ['_id', 1],
          ],
        },
      ],
    },
  ],
  eventTypes: [
    'SwipeRecorded',
    'MatchCreated',
    'MessageSent',
    'ChemistryRated',
    'RelationshipStatusChanged',
    'AgentDeleted',
  ],

  async apply(recorded: ProjectedEvent, ctx: ProjectionContext) {
    const event = { type: recorded.type, data: recorded.data } as Handled;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'SwipeRecorded': {
        const { swiperId, targetId, liked } = event.data;
        const id = swipeId(swiperId, targetId);
        ctx.put<SwipeDoc>(SWIPES, { _id: id, swiperId, targetId, liked, at });
        return;
      }
      case 'MatchCreated': {
        const { matchId, agentIds } = event.data;
        await ctx.update<MatchDoc>(MATCHES, matchId, () => ({
          _id: matchId,
          agentIds,
          status: 'active',
          createdAt: at,
          lastActivityAt: at,
          messageCount: 0,
          latestMessage: null,
          spokenBy: [],
          ratings: {},
          ratingsCount: 0,
          closed: false,
        }));
        for (const agentId of agentIds) {
          await ctx.update<AgentMatchesDoc>(AGENT_MATCHES, agentId, (doc) => ({
            _id: agentId,
            matchIds: [matchId, ...(doc?.matchIds ?? [])],
          }));
        }
        return;
      }
      case 'MessageSent': {
        const { matchId, messageId, senderId, content, seq } = event.data;
        ctx.put<MessageDoc>(MESSAGES, {
          _id: messageKey(matchId, seq),
          messageId,
          senderId,
          content,
          seq,
          createdAt: at,
        });
        await ctx.update<MatchDoc>(
          MATCHES,
          matchId,
          (m) =>
            m &&
            changedMatch(m, {
              messageCount: seq,
              latestMessage: { id: messageId, senderId, content, createdAt: at },
              lastActivityAt: at,
            }),
        );
        return;
      }
      case 'ChemistryRated': {
        const { matchId, raterId, rating, reason, messageCount } = event.data;
        await ctx.update<MatchDoc>(
          MATCHES,
          matchId,
          (m) =>
            m &&
            changedMatch(m, {
              ratings: { ...m.ratings, [raterId]: { rating, reason, ratedAt: at, messageCount } },
              ratingsCount: m.ratingsCount + 1,
              lastActivityAt: at,
            }),
        );
        return;
      }
      case 'RelationshipStatusChanged':
        await ctx.update<MatchDoc>(
          MATCHES,
          event.data.matchId,
          (m) => m && changedMatch(m, { status: event.data.to, lastActivityAt: at }),
        );
        return;
      case 'AgentDeleted': {
        const { agentId } = event.data;
        const mine = await ctx.get<AgentMatchesDoc>(AGENT_MATCHES, agentId);
        for (const matchId of mine?.matchIds ?? [])
          await ctx.update<MatchDoc>(
            MATCHES,
            matchId,
            (m) => m && changedMatch(m, { closed: true }),
          );
        await ctx.update(AGENT_MATCHES, agentId, () => null);
        // Its swipes stay: they name no profile data, and every reader drops agents who are gone.
        return;
      }
    }
  },
};
