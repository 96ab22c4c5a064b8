import { Inject, Injectable } from '@nestjs/common';
import { AgentDoc, AGENTS, isKnownScene, profileJson } from '@companion/agents';
import { BoundedCache } from '@companion/caching';
import { CLOCK, Clock, invalid } from '@companion/platform';
import { ReadModels } from '@companion/read-store';
import { BlockQueries } from '../../application/blocks.queries';
import { CandidateIndex } from '../../application/candidate-index';
import { RankingWorkers } from '../../application/ranking-workers';
import { CandidateMatrix } from '../../domain/candidate-matrix';
import {
  deepQuery,
  freshRanking,
  KeptRanking,
  pageScores,
  reuseRanking,
} from '../../domain/discovery-cache';
import { Ranked, RankingQuery } from '../../domain/discovery-order';
import { rankCandidates, rankTop } from '../../domain/discovery-ranking';
import { swipePair, SWIPES, swipesOf } from '../../projections/matching.projection';
import { discoverPageJson, PageItem } from './discover-page-json';

/** Callers whose discovery ranking is kept between requests. */
const KEPT_RANKINGS = 20_000;
/**
 * From this many candidates a new caller is ranked on a worker thread: at 10 000 a scan costs about
 * a millisecond, no more than sending it across; at 100 000 about ten.
 */
const WORKER_MIN_CANDIDATES = 20_000;

/**
 * Discovery's read: the candidate matrix (candidate-index.ts), the caller's swipes, incoming likes
 * and blocks, the ranking (exact, kept per caller, on a worker, or by the HNSW index), then the
 * profiles of the page.
 */
@Injectable()
export class DiscoveryReader {
  /** Rankings kept per caller and scene; each is about KEPT_DEPTH ids and scores. */
  private readonly kept = new BoundedCache<string, string, KeptRanking>(KEPT_RANKINGS);

  constructor(
    private readonly readModels: ReadModels,
    private readonly index: CandidateIndex,
    private readonly blocks: BlockQueries,
    private readonly workers: RankingWorkers,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The body of GET /discover as UTF-8 JSON: each candidate's public profile is serialised once
   * per version of its document (`profileJson`) and only the caller's scores per request.
   */
  async discover(
    callerId: string,
    options: { limit: number; sceneId?: string; only?: ReadonlySet<string> },
  ): Promise<Buffer> {
    if (options.sceneId !== undefined && !isKnownScene(options.sceneId))
      throw invalid('unknown_scene', `sceneId "${options.sceneId}" is not a scene`);
    await this.index.refresh();
    const matrix = this.index.candidates;
    const myVector = matrix?.vectorOf(callerId);
    if (!matrix || !myVector) return discoverPageJson([]);
    // The caller's swipes and the likes it received, as ids alone: each read is answered from one
    // index, and no document is read or parsed (docs/discovery-swipes-by-id.md).
    const [mine, likes, blocked] = await Promise.all([
      this.readModels.findIds(SWIPES, swipesOf(callerId)),
      this.readModels.findIds(SWIPES, { targetId: callerId, liked: true }),
      this.blocks.hiddenFrom(callerId),
    ]);
    // The matrix's own strings: these sets meet the kept ranking's on every request.
    const swiped = new Set<string>();
    for (const id of mine) swiped.add(matrix.ownId(swipePair(id).targetId));
    hideBlocked(swiped, blocked, matrix);
    const likedBy = new Set<string>();
    for (const id of likes) {
      const liker = matrix.ownId(swipePair(id).swiperId);
      if (!swiped.has(liker)) likedBy.add(liker);
    }
    const query = {
      callerId,
      callerVector: myVector,
      swiped,
      likedBy,
      nowMs: this.clock.now().getTime(),
      limit: options.limit,
      sceneId: options.sceneId,
    };
    const { ranked, kept } = options.only
      ? { ranked: rankCandidates(matrix, { ...query, only: options.only }), kept: undefined }
      : await this.keptRanking(matrix, query);
    const profiles = new Map(
      (
        await this.readModels.getMany<AgentDoc>(
          AGENTS,
          ranked.map((r) => r.id),
        )
      ).map((d) => [d._id, d]),
    );
    const items: PageItem[] = [];
    for (const r of ranked) {
      const profile = profiles.get(r.id);
      // The matrix may have moved while the profiles were read.
      const row = matrix.currentRow(r.id, r.row);
      if (profile && row !== undefined)
        items.push({
          profile: profileJson(profile),
          scores: pageScores(matrix, kept, myVector, r, row),
        });
    }
    return discoverPageJson(items);
  }

  /**
   * The caller's ranking kept from its last request and patched (discovery-cache.ts); a new caller
   * in a large population is ranked on a worker thread (ranking-workers.ts), or here if none can;
   * from the index threshold on, by the worker's HNSW index once it is built (docs/discovery-
   * index.md), whose answer is kept and patched like an exact one.
   */
  private async keptRanking(
    matrix: CandidateMatrix,
    query: RankingQuery,
  ): Promise<{ ranked: Ranked[]; kept: KeptRanking }> {
    const scene = query.sceneId ?? '';
    const kept = this.kept.get(scene, query.callerId);
    let answer = reuseRanking(matrix, kept, query);
    if (
      !answer &&
      this.workers.usable &&
      matrix.size >= Math.min(WORKER_MIN_CANDIDATES, this.workers.indexThreshold)
    ) {
      const top = await this.workers.rank(matrix, deepQuery(query)).catch(() => null);
      if (top) answer = freshRanking(matrix, query, top, top.version);
    }
    answer ??= freshRanking(matrix, query, rankTop(matrix, deepQuery(query)), matrix.version);
    this.kept.set(scene, query.callerId, answer.kept);
    return answer;
  }
}

/**
 * Blocking (docs/keys-and-safety.md): agents on either side of a block with the caller are left
 * out exactly as agents it already swiped on are (and their likes with them).
 */
function hideBlocked(
  swiped: Set<string>,
  blocked: ReadonlySet<string>,
  matrix: CandidateMatrix,
): void {
  for (const id of blocked) swiped.add(matrix.ownId(id));
}
