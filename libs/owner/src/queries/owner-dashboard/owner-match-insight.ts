import { Injectable } from '@nestjs/common';
import { LoveStoryQueries } from '@companion/dates';
import { CandidateIndex, ChemistryPoint, MatchingQueries } from '@companion/matching';
import { lineChart } from '@companion/platform';

const round = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * What the owner sees of one match beyond the conversation: the chemistry ratings over time (as
 * chart geometry the page draws in SVG), the compatibility breakdown discovery ranks by, and the
 * love story if the match has one.
 */
@Injectable()
export class OwnerMatchInsight {
  constructor(
    private readonly matching: MatchingQueries,
    private readonly index: CandidateIndex,
    private readonly stories: LoveStoryQueries,
  ) {}

  /**
   * `stories` is what `prepare()` answered for the matches shown: one read for all of them, where a story per
   * match would cost a read of its conversation too.
   */
  async for(
    agent: { id: string; name: string },
    match: { id: string; partner: { id: string; name: string } },
    stories: ReadonlyMap<string, string>,
  ) {
    const history = await this.matching.chemistryHistory(match.id, agent.id);
    const loveStoryId = stories.get(match.id) ?? null;
    return {
      chemistry: {
        ratings: history,
        chart: history.length ? this.chart(history, agent, match.partner) : null,
      },
      compatibility: this.compatibility(agent.id, match.partner.id),
      loveStoryId,
    };
  }

  private chart(
    history: ChemistryPoint[],
    agent: { id: string; name: string },
    partner: { id: string; name: string },
  ) {
    const of = (id: string) =>
      history.filter((p) => p.raterId === id).map((p) => ({ rating: p.rating, at: p.at }));
    return lineChart(
      [
        { label: agent.name, points: of(agent.id) },
        { label: partner.name, points: of(partner.id) },
      ].filter((s) => s.points.length),
    );
  }

  /** Null until discovery has both profiles (it reads the same index). */
  private compatibility(agentId: string, partnerId: string) {
    const both = this.index.compatibility(agentId, partnerId);
    if (!both) return null;
    const { score, breakdown } = both;
    return {
      score: round(score),
      traits: round(breakdown.traits),
      interests: round(breakdown.interests),
      text: round(breakdown.text),
    };
  }

  /**
   * Call once per dashboard before `for`: brings the embeddings index up to the discovery read
   * model, and answers the love stories of the matches shown.
   */
  async prepare(matchIds: string[]): Promise<Map<string, string>> {
    const [stories] = await Promise.all([
      this.stories.idsForMatches(matchIds),
      this.index.refresh(),
    ]);
    return stories;
  }
}
