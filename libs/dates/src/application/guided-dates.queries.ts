import { Inject, Injectable } from '@nestjs/common';
import { AgentDoc, AGENTS } from '@companion/agents';
import { agentSummary } from '@companion/matching';
import { AppConfig, CONFIG, decodeCursor, encodeCursor, notFound } from '@companion/platform';
import { ReadModels } from '@companion/read-store';
import { scenarioById } from '../domain/scenarios';
import {
  ACTIVITIES,
  ActivityDoc,
  KEEPSAKES,
  KeepsakeDoc,
  MATCH_ACTIVITIES,
  MatchActivitiesDoc,
} from '../projections/guided-dates.projection';
import { activityView } from './activity.view';

@Injectable()
export class GuidedDateQueries {
  constructor(
    private readonly readModels: ReadModels,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async activity(activityId: string, viewerId?: string) {
    const a = await this.readModels.get<ActivityDoc>(ACTIVITIES, activityId);
    if (!a) throw notFound('activity_not_found', 'no such guided date');
    return this.view(a, viewerId);
  }

  async forMatch(matchId: string, viewerId: string) {
    const ids =
      (await this.readModels.get<MatchActivitiesDoc>(MATCH_ACTIVITIES, matchId))?.activityIds ?? [];
    const docs = await this.readModels.getMany<ActivityDoc>(ACTIVITIES, ids);
    return Promise.all(docs.map((a) => this.view(a, viewerId)));
  }

  /** Public keepsakes, newest first. A keepsake whose couple includes a deleted agent is not shown. */
  async keepsakes(options: { cursor?: string; limit: number }) {
    const after = decodeCursor(options.cursor, { p: 'number' });
    const docs = await this.readModels.find<KeepsakeDoc>(
      KEEPSAKES,
      after ? { position: { $lt: after.p } } : {},
      { sort: [['position', -1]], limit: options.limit + 1 },
    );
    const page = docs.slice(0, options.limit);
    const agents = await this.agents(page.flatMap((k) => k.agentIds));
    return {
      keepsakes: page.flatMap((k) =>
        k.agentIds.every((id) => agents.has(id)) ? [this.keepsakeView(k, agents)] : [],
      ),
      nextCursor:
        docs.length > options.limit ? encodeCursor({ p: page[page.length - 1].position }) : null,
    };
  }

  async keepsake(id: string) {
    const k = await this.readModels.get<KeepsakeDoc>(KEEPSAKES, id);
    const agents = await this.agents(k?.agentIds ?? []);
    if (!k || !k.agentIds.every((a) => agents.has(a)))
      throw notFound('keepsake_not_found', 'no such keepsake');
    return this.keepsakeView(k, agents);
  }

  private keepsakeView(k: KeepsakeDoc, agents: Map<string, AgentDoc>) {
    const scenario = scenarioById(k.scenarioId)!;
    return {
      id: k._id,
      activityId: k.activityId,
      matchId: k.matchId,
      scenario: { id: scenario.id, title: scenario.title },
      couple: k.agentIds.map((id) => agentSummary(agents.get(id)!)),
      rounds: [1, 2, 3].map((step) => ({
        step,
        prompt: scenario.rounds[step - 1],
        contributions: k.contributions.filter((c) => c.step === step),
      })),
      createdAt: k.createdAt,
      url: `${this.config.publicBaseUrl}/api/v1/keepsakes/${k._id}`,
    };
  }

  private async view(a: ActivityDoc, viewerId?: string) {
    const agents = await this.agents(a.agentIds);
    const participants = a.agentIds
      .filter((id) => agents.has(id))
      .map((id) => agentSummary(agents.get(id)!));
    return activityView(a, participants, viewerId, this.config.publicBaseUrl);
  }

  private async agents(ids: string[]): Promise<Map<string, AgentDoc>> {
    return new Map(
      (await this.readModels.getMany<AgentDoc>(AGENTS, [...new Set(ids)])).map((d) => [d._id, d]),
    );
  }
}
