import { Inject, Injectable } from '@nestjs/common';
import { AgentQueries, toProfileView } from '@companion/agents';
import { invalidOwnerSession } from '@companion/agents/domain';
import { GuidedDateQueries } from '@companion/dates';
import { MatchingQueries } from '@companion/matching';
import { currentOrNextOccurrence, MixerQueries } from '@companion/mixer';
import { CLOCK, Clock } from '@companion/platform';
import { ReadModels } from '@companion/read-store';
import { KEY_ACTIVITY, KeyActivityDoc } from '../../projections/key-activity.projection';
import { OwnerMatchInsight } from './owner-match-insight';
import { OwnerPulse } from './owner-pulse';

/** Ours, as the pulse's: the dashboard shows the 100 matches with the most recent activity. */
export const DASHBOARD_MATCHES_MAX = 100;
/** Ours: the conversation preview of each match on the dashboard. */
export const DASHBOARD_RECENT_MESSAGES = 5;

/**
 * The owner's view of one agent, composed from the same queries the API serves. Built field by
 * field from the read models, so neither the API key nor its hash can reach it.
 */
@Injectable()
export class OwnerDashboard {
  constructor(
    private readonly agents: AgentQueries,
    private readonly matching: MatchingQueries,
    private readonly dates: GuidedDateQueries,
    private readonly mixer: MixerQueries,
    private readonly readModels: ReadModels,
    private readonly pulse: OwnerPulse,
    private readonly insight: OwnerMatchInsight,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async for(agentId: string) {
    const doc = await this.agents.byId(agentId);
    if (!doc) throw invalidOwnerSession();
    const all = await this.matching.matches(agentId);
    const shown = all.slice(0, DASHBOARD_MATCHES_MAX);
    const self = { id: agentId, name: doc.profile.name };
    const stories = await this.insight.prepare(shown.map((m) => m.id));
    const [matches, guidedDates, mixer, key, pulse] = await Promise.all([
      Promise.all(
        shown.map(async (m) => ({
          id: m.id,
          status: m.status,
          createdAt: m.createdAt,
          lastActivityAt: m.lastActivityAt,
          partner: m.partner,
          messageCount: m.messageCount,
          // Oldest first, as a conversation reads.
          recentMessages: (
            await this.matching.messages(m.id, agentId, { limit: DASHBOARD_RECENT_MESSAGES })
          ).messages.reverse(),
          ...(await this.insight.for(self, m, stories)),
        })),
      ),
      this.guidedDates(
        shown.map((m) => m.id),
        agentId,
      ),
      this.mixer.view(currentOrNextOccurrence(this.clock.now()), agentId),
      this.readModels.get<KeyActivityDoc>(KEY_ACTIVITY, agentId),
      this.pulse.for(agentId),
    ]);
    return {
      agent: toProfileView(doc),
      pulse,
      matches,
      hasMoreMatches: all.length > shown.length,
      guidedDates,
      mixer,
      // docs/keys-and-safety.md: when, never what.
      key: { lastRotatedAt: key?.lastRotatedAt ?? null, lastUsedAt: key?.lastUsedAt ?? null },
    };
  }

  /** Every guided date of the shown matches, most recently started first. */
  private async guidedDates(matchIds: string[], agentId: string) {
    const views = (
      await Promise.all(matchIds.map((id) => this.dates.forMatch(id, agentId)))
    ).flat();
    return views.sort((a, b) => b.activity.startedAt.localeCompare(a.activity.startedAt));
  }
}
