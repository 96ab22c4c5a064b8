import { Inject, Injectable } from '@nestjs/common';
import { AgentDoc, AGENTS, profileJson } from '@companion/agents';
import { CLOCK, Clock, decodeCursor, encodeCursor, invalid } from '@companion/platform';
import { BoundedCache } from '@companion/caching';
import { ReadModels } from '@companion/read-store';
import { isKnownScene } from '@companion/agents';
import { compatibility } from '../domain/compatibility';
import { CandidateMatrix } from '../domain/candidate-matrix';
import { deepQuery, freshRanking, KeptRanking, reuseRanking } from '../domain/discovery-cache';
import { Ranked, rankCandidates, RankingQuery, rankTop } from '../domain/discovery-ranking';
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
  MESSAGES,
  MessageDoc,
  SwipeDoc,
  SWIPES,
} from '../projections/matching.projection';
import { BlockQueries } from './blocks.queries';
import { CandidateIndex } from './candidate-index';
import { MatchAccess } from './match-access';
import { RankingWorkers } from './ranking-workers';

/** Callers whose discovery ranking is kept between requests. */
const KEPT_RANKINGS = 20_000;
/**
 * From this many candidates a new caller is ranked on a worker thread: at 10 000 a scan costs about
 * a millisecond, no more than sending it across; at 100 000 about ten.
 */
const WORKER_MIN_CANDIDATES = 20_000;

const round = (x: number) => Math.round(x * 10_000) / 10_000;

export function agentSummary(doc: AgentDoc) {
  return {
    id: doc._id,
    name: doc.profile.name,
    avatarUrl: doc.profile.avatarUrl ?? null,
    sceneId: doc.profile.sceneId ?? null,
  };
}

export function messageView(m: MessageDoc) {
  return {
    id: m._id,
    matchId: m.matchId,
    senderId: m.senderId,
    content: m.content,
    createdAt: m.createdAt,
  };
}

/** Reads of the matching read models; never the event store. */
@Injectable()
export class MatchingQueries {
  /** Rankings kept per caller and scene; each is about KEPT_DEPTH ids and scores. */
  private readonly kept = new BoundedCache<string, string, KeptRanking>(KEPT_RANKINGS);

  constructor(
    private readonly readModels: ReadModels,
    private readonly index: CandidateIndex,
    private readonly access: MatchAccess,
    private readonly blocks: BlockQueries,
    private readonly workers: RankingWorkers,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The body of GET /discover as JSON text: each candidate's public profile is serialised once per
   * version of its document (`profileJson`) and only the caller's scores per request.
   */
  async discover(
    callerId: string,
    options: { limit: number; sceneId?: string; only?: ReadonlySet<string> },
  ): Promise<string> {
    if (options.sceneId !== undefined && !isKnownScene(options.sceneId))
      throw invalid('unknown_scene', `sceneId "${options.sceneId}" is not a scene`);
    await this.index.refresh();
    const matrix = this.index.candidates;
    const myVector = matrix?.vectorOf(callerId);
    const myEmbedding = this.index.embeddingOf(callerId);
    if (!matrix || !myVector || !myEmbedding) return '{"agents":[]}';
    const [mine, incoming, blocked] = await Promise.all([
      this.readModels.find<SwipeDoc>(SWIPES, { swiperId: callerId }),
      this.readModels.find<SwipeDoc>(SWIPES, { targetId: callerId, liked: true }),
      this.blocks.hiddenFrom(callerId),
    ]);
    const swiped = hideBlocked(new Set(mine.map((s) => s.targetId)), blocked);
    const likedBy = new Set(incoming.map((s) => s.swiperId).filter((id) => !swiped.has(id)));
    const query = {
      callerId,
      callerVector: myVector,
      swiped,
      likedBy,
      nowMs: this.clock.now().getTime(),
      limit: options.limit,
      sceneId: options.sceneId,
    };
    const ranked = options.only
      ? rankCandidates(matrix, { ...query, only: options.only })
      : await this.keptRanking(matrix, query);
    const profiles = new Map(
      (
        await this.readModels.getMany<AgentDoc>(
          AGENTS,
          ranked.map((r) => r.id),
        )
      ).map((d) => [d._id, d]),
    );
    const items = ranked.flatMap((r) => {
      const profile = profiles.get(r.id);
      const embedding = this.index.embeddingOf(r.id);
      if (!profile || !embedding) return [];
      const { breakdown } = compatibility(myEmbedding, embedding);
      const scores = JSON.stringify({
        compatibilityScore: round(r.score),
        likedYou: r.likedYou,
        recentlyActive: r.recentlyActive,
        lastParticipationAt: r.lastParticipationMs
          ? new Date(r.lastParticipationMs).toISOString()
          : null,
        compatibility: {
          traits: round(breakdown.traits),
          interests: round(breakdown.interests),
          text: round(breakdown.text),
        },
      });
      // The public profile's fields, then the caller's scores, in one object.
      return [`${profileJson(profile).slice(0, -1)},${scores.slice(1)}`];
    });
    return `{"agents":[${items.join(',')}]}`;
  }

  /**
   * The caller's ranking kept from its last request and patched (discovery-cache.ts); a new caller
   * in a large population is ranked on a worker thread (ranking-workers.ts), or here if none can.
   */
  private async keptRanking(matrix: CandidateMatrix, query: RankingQuery): Promise<Ranked[]> {
    const scene = query.sceneId ?? '';
    const kept = this.kept.get(scene, query.callerId);
    let answer = reuseRanking(matrix, kept, query);
    if (!answer && this.workers.usable && matrix.size >= WORKER_MIN_CANDIDATES) {
      const top = await this.workers.rank(matrix, deepQuery(query)).catch(() => null);
      if (top) answer = freshRanking(matrix, query, top, top.version);
    }
    answer ??= freshRanking(matrix, query, rankTop(matrix, deepQuery(query)), matrix.version);
    this.kept.set(scene, query.callerId, answer.kept);
    return answer.ranked;
  }

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
    const docs = await this.readModels.find<MessageDoc>(
      MESSAGES,
      after ? { matchId, seq: { $lt: after.s } } : { matchId },
      { sort: [['seq', -1]], limit: options.limit + 1 },
    );
    const page = docs.slice(0, options.limit);
    return {
      messages: page.map(messageView),
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

/**
 * Blocking (docs/keys-and-safety.md): agents on either side of a block with the caller are left
 * out exactly as agents it already swiped on are (and their likes with them).
 */
function hideBlocked(swiped: Set<string>, blocked: ReadonlySet<string>): Set<string> {
  for (const id of blocked) swiped.add(id);
  return swiped;
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
