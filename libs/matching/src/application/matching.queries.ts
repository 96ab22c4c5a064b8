import { Injectable } from '@nestjs/common';
import { AgentDoc, AGENTS } from '@companion/agents';
import { decodeCursor, encodeCursor, invalid } from '@companion/platform';
import { ReadModels } from '@companion/read-store';
import { chemistryScores } from '../domain/chemistry-scores';
import {
  CHEMISTRY_HISTORY,
  ChemistryHistoryDoc,
  ChemistryPoint,
} from '../projections/chemistry-history.projection';
import { AGENT_STATS, AgentStatsDoc } from '../projections/leaderboard.projection';
import {
  AGENT_MATCHES,
  AgentMatchesDoc,
  MatchDoc,
  MATCHES,
  MessageDoc,
} from '../projections/matching.projection';
import { readConversation } from './conversation';
import { MatchAccess } from './match-access';

export function agentSummary(doc: AgentDoc) {
  return {
    id: doc._id,
    name: doc.profile.name,
    avatarUrl: doc.profile.avatarUrl ?? null,
    sceneId: doc.profile.sceneId ?? null,
  };
}

export function messageView(m: MessageDoc, matchId: string) {
  return {
    id: m.messageId,
    matchId,
    senderId: m.senderId,
    content: m.content,
    createdAt: m.createdAt,
  };
}

/**
 * Reads of the matching read models; never the event store. Discovery has its own reader
 * (queries/discover/discovery.reader.ts).
 */
@Injectable()
export class MatchingQueries {
  constructor(
    private readonly readModels: ReadModels,
    private readonly access: MatchAccess,
  ) {}

  /** The caller's matches, most recent activity first; matches whose partner left are gone. */
  async matches(agentId: string) {
    const mine = await this.readModels.get<AgentMatchesDoc>(AGENT_MATCHES, agentId);
    const docs = (await this.readModels.getMany<MatchDoc>(MATCHES, mine?.matchIds ?? [])).filter(
      (m) => !m.closed,
    );
    const partners = new Map(
      (
        await this.readModels.getMany<AgentDoc>(
          AGENTS,
          docs.map((m) => partnerOf(m, agentId)),
        )
      ).map((d) => [d._id, d]),
    );
    return docs
      .filter((m) => partners.has(partnerOf(m, agentId)))
      .sort((a, b) =>
        a.lastActivityAt < b.lastActivityAt
          ? 1
          : a.lastActivityAt > b.lastActivityAt
            ? -1
            : a._id.localeCompare(b._id),
      )
      .map((m) => matchView(m, agentId, partners.get(partnerOf(m, agentId))!));
  }

  async match(matchId: string, agentId: string) {
    const m = await this.access.forParticipant(matchId, agentId);
    const participants = await this.readModels.getMany<AgentDoc>(AGENTS, m.agentIds);
    const partner = participants.find((p) => p._id === partnerOf(m, agentId));
    if (!partner) throw invalid('match_not_found', 'no such match');
    return { ...matchView(m, agentId, partner), participants: participants.map(agentSummary) };
  }

  /** Newest first; the cursor is the last message's number in the conversation. */
  async messages(matchId: string, agentId: string, options: { cursor?: string; limit: number }) {
    await this.access.forParticipant(matchId, agentId);
    const after = decodeCursor(options.cursor, { s: 'number' });
    const docs = await readConversation(this.readModels, matchId, {
      before: after?.s,
      order: 'newest first',
      limit: options.limit + 1,
    });
    const page = docs.slice(0, options.limit);
    return {
      messages: page.map((m) => messageView(m, matchId)),
      nextCursor:
        docs.length > options.limit ? encodeCursor({ s: page[page.length - 1].seq }) : null,
    };
  }

  /** Every chemistry rating of the match, oldest first (the last CHEMISTRY_HISTORY_MAX). */
  async chemistryHistory(matchId: string, agentId: string): Promise<ChemistryPoint[]> {
    await this.access.forParticipant(matchId, agentId);
    return (
      (await this.readModels.get<ChemistryHistoryDoc>(CHEMISTRY_HISTORY, matchId))?.points ?? []
    );
  }

  async leaderboard(sortBy: 'likesReceived' | 'matchCount', limit: number) {
    const other = sortBy === 'likesReceived' ? 'matchCount' : 'likesReceived';
    const stats = await this.readModels.find<AgentStatsDoc>(
      AGENT_STATS,
      {},
      {
        sort: [
          [sortBy, -1],
          [other, -1],
          ['_id', 1],
        ],
        limit,
      },
    );
    const agents = new Map(
      (
        await this.readModels.getMany<AgentDoc>(
          AGENTS,
          stats.map((s) => s._id),
        )
      ).map((d) => [d._id, d]),
    );
    return stats
      .filter((s) => agents.has(s._id))
      .map((s, i) => ({
        rank: i + 1,
        agent: agentSummary(agents.get(s._id)!),
        likesReceived: s.likesReceived,
        matchCount: s.matchCount,
      }));
  }
}

export function partnerOf(m: MatchDoc, agentId: string): string {
  return m.agentIds[0] === agentId ? m.agentIds[1] : m.agentIds[0];
}

export function matchView(m: MatchDoc, agentId: string, partner: AgentDoc) {
  return {
    id: m._id,
    status: m.status,
    createdAt: m.createdAt,
    lastActivityAt: m.lastActivityAt,
    partner: agentSummary(partner),
    messageCount: m.messageCount,
    latestMessage: m.latestMessage && {
      ...m.latestMessage,
      fromPartner: m.latestMessage.senderId !== agentId,
    },
    chemistry: chemistryScores(m.ratings, m.agentIds, m.ratingsCount),
  };
}
