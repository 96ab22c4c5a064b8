import type { RecordedEvent } from '@companion/event-store';
import type { SentMessage } from '@companion/matching';

/**
 * The server events of spec §6, as both transports send them: `/ws` sends the object as one JSON
 * frame, socket.io emits `type` as the event name with the rest as its payload.
 */
export interface MatchNew {
  type: 'match:new';
  match: { id: string; agentIds: string[]; partnerId: string; createdAt: string };
}
export interface MessageNew {
  type: 'message:new';
  matchId: string;
  /** The same shape as `message` in the answer of POST /matches/{id}/messages. */
  message: SentMessage;
}
export interface RelationshipUpdate {
  type: 'relationship:update';
  matchId: string;
  from: string;
  to: string;
  triggeredBy: string;
}
export type RealtimeEvent = MatchNew | MessageNew | RelationshipUpdate;

/** One event for exactly these agents (every connection of each of them). */
export interface Delivery {
  agentIds: readonly string[];
  event: RealtimeEvent;
}

/**
 * The match whose participants an event needs, when the event itself does not name them: match
 * stream events carry only the match id, and the participants come from the matches read model.
 */
export function matchNeedingParticipants(event: RecordedEvent): string | null {
  return event.type === 'MessageSent' || event.type === 'RelationshipStatusChanged'
    ? (event.data as { matchId: string }).matchId
    : null;
}

/**
 * Which agents get which event, for one event of the log. The only place that decides it, so the
 * two transports cannot drift apart. `participants` are the match's agents for match-stream events.
 */
export function deliveriesOf(
  event: RecordedEvent,
  participants: readonly string[] | null,
): Delivery[] {
  const d = event.data as Record<string, any>;
  switch (event.type) {
    case 'MatchCreated': {
      const agentIds = [...(d.agentIds as string[])];
      // partnerId differs per recipient, so each agent gets its own delivery.
      return agentIds.map((agentId) => ({
        agentIds: [agentId],
        event: {
          type: 'match:new',
          match: {
            id: d.matchId,
            agentIds,
            partnerId: agentIds.find((id) => id !== agentId) ?? agentId,
            createdAt: event.metadata.occurredAt,
          },
        },
      }));
    }
    case 'MessageSent':
      if (!participants) return [];
      return [
        {
          agentIds: participants,
          event: {
            type: 'message:new',
            matchId: d.matchId,
            message: {
              id: d.messageId,
              matchId: d.matchId,
              senderId: d.senderId,
              content: d.content,
              createdAt: event.metadata.occurredAt,
            },
          },
        },
      ];
    case 'RelationshipStatusChanged':
      if (!participants) return [];
      return [
        {
          agentIds: participants,
          event: {
            type: 'relationship:update',
            matchId: d.matchId,
            from: d.from,
            to: d.to,
            triggeredBy: d.triggeredBy,
          },
        },
      ];
    default:
      return [];
  }
}

/**
 * An agent whose key was replaced (docs/keys-and-safety.md): connections opened with any other key
 * than `keyHash` end, as a request with the old key would answer 401; `previousKeyHash` is the key
 * that died.
 */
export function rotatedKeyOf(
  event: RecordedEvent,
): { agentId: string; keyHash: string; previousKeyHash: string } | null {
  if (event.type !== 'ApiKeyRotated') return null;
  const { agentId, apiKeyHash, previousKeyHash } = event.data as {
    agentId: string;
    apiKeyHash: string;
    previousKeyHash: string;
  };
  return { agentId, keyHash: apiKeyHash, previousKeyHash };
}

/** An agent whose profile was deleted: its key no longer authenticates, so its connections end. */
export function deletedAgentOf(event: RecordedEvent): string | null {
  return event.type === 'AgentDeleted' ? (event.data as { agentId: string }).agentId : null;
}
