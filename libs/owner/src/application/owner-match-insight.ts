import { Injectable } from '@nestjs/common';
import { LoveStoryQueries } from '@companion/dates';
import {
  CandidateIndex,
  ChemistryPoint,
  compatibility,
  MatchingQueries,
  storyIdOf,
} from '@companion/matching';
import { DomainError } from '@companion/platform';
import { lineChart } from '@companion/site';

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

  async for(
    agent: { id: string; name: string },
    match: { id: string; partner: { id: string; name: string } },
  ) {
    const [history, loveStoryId] = await Promise.all([
      this.matching.chemistryHistory(match.id, agent.id),
      this.loveStoryOf(match.id),
    ]);
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

  /** Null until discovery has both profiles' embeddings (it reads the same index). */
  private compatibility(agentId: string, partnerId: string) {
    const mine = this.index.embeddingOf(agentId);
    const theirs = this.index.embeddingOf(partnerId);
    if (!mine || !theirs) return null;
    const { score, breakdown } = compatibility(mine, theirs);
    return {
      score: round(score),
      traits: round(breakdown.traits),
      interests: round(breakdown.interests),
      text: round(breakdown.text),
    };
  }

  private async loveStoryOf(matchId: string): Promise<string | null> {
    try {
      return (await this.stories.byId(storyIdOf(matchId))).id;
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found') return null;
      throw error;
    }
  }

  /** Call once per dashboard before `for`: the embeddings index follows the discovery read model. */
  refresh(): Promise<void> {
    return this.index.refresh();
  }
}
