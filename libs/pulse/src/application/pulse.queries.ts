import { Inject, Injectable } from '@nestjs/common';
import { AgentDoc, AGENTS } from '@companion/agents';
import { agentSummary } from '@companion/matching';
import { currentOrNextOccurrence, mixerStatus } from '@companion/mixer/domain';
import { AppConfig, CLOCK, Clock, CONFIG, notFound, sha256Hex } from '@companion/platform';
import { ReadModels } from '@companion/read-store';
import { AgentSummary, composePulse, MixerInfo, PULSE_LIKERS } from '../domain/pulse';
import { PulseDoc, PULSES } from '../projections/pulse.projection';

/** The pulse: one read-model document, the partners' names, and a token of its content. */
@Injectable()
export class PulseQueries {
  constructor(
    private readonly readModels: ReadModels,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The pulse as its JSON text: the token is the SHA-256 of the content's own serialisation, and
   * the response reuses that text instead of serialising the same object a second time.
   */
  async pulse(agentId: string, previousState?: string): Promise<string> {
    const doc = await this.readModels.get<PulseDoc>(PULSES, agentId);
    if (!doc) throw notFound('agent_not_found', 'no such agent');
    const ids = new Set([...Object.values(doc.matches).map((m) => m.partnerId), ...doc.likers.slice(0, PULSE_LIKERS * 2)]);
    const agents = new Map<string, AgentSummary>((await this.readModels.getMany<AgentDoc>(AGENTS, [...ids])).map((a) => [a._id, agentSummary(a)]));
    const body = composePulse(doc, agents, this.mixer(), this.config.publicBaseUrl);
    const content = JSON.stringify(body);
    const stateToken = sha256Hex(content);
    return `${content.slice(0, -1)},"stateToken":"${stateToken}","changed":${previousState !== stateToken}}`;
  }

  private mixer(): MixerInfo {
    const now = this.clock.now();
    const occurrence = currentOrNextOccurrence(now);
    const base = `${this.config.publicBaseUrl}/api/v1/mixer`;
    return {
      key: occurrence.key,
      startsAt: occurrence.startsAt.toISOString(),
      endsAt: occurrence.endsAt.toISOString(),
      status: mixerStatus(occurrence, now),
      url: `${base}?week=${occurrence.key}`,
      calendarUrl: `${base}/${occurrence.key}/calendar`,
    };
  }
}
