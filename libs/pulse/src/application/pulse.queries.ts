import { Inject, Injectable } from '@nestjs/common';
import { AgentDoc, AGENTS } from '@companion/agents';
import { agentSummary } from '@companion/matching';
import { currentOrNextOccurrence, mixerStatus } from '@companion/mixer/domain';
import { AppConfig, CLOCK, Clock, CONFIG, notFound, sha256Hex } from '@companion/platform';
import { ReadModels } from '@companion/read-store';
import { AgentSummary, composePulse, MixerInfo, PULSE_LIKERS } from '../domain/pulse';
import { PulseDoc, PULSES } from '../projections/pulse.projection';
import { PulseBodies } from './pulse-body';

/** A pulse as sent, and what it was composed from. */
interface Composed {
  partners: readonly AgentDoc[];
  /** The mixer moment: the same object until the live hour starts or ends (see `mixer()`). */
  mixer: MixerInfo;
  bodies: PulseBodies;
}

/** The pulse: one read-model document, the partners' names, and a token of its content. */
@Injectable()
export class PulseQueries {
  /**
   * The last pulse composed from each pulse document. A read-model document never changes once
   * read (a change is a new object), so the same document, the same partner documents and the same
   * mixer moment give the same text: a runtime polling an unchanged pulse costs two cache reads,
   * not a composition, a serialisation and a SHA-256. A store without a document cache hands out
   * new objects every time; then nothing is found here, and the entries go with their documents.
   */
  private readonly composed = new WeakMap<PulseDoc, Composed>();
  private moment?: { info: MixerInfo; from: number; until: number };

  constructor(
    private readonly readModels: ReadModels,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The pulse as UTF-8 JSON: the token is the SHA-256 of the content's own serialisation, and the
   * body reuses that text instead of serialising the same object a second time. Kept as bytes: a
   * polled pulse is sent as it is, not measured and encoded again each time (13–16 % of a polled
   * pulse's instructions: docs/pulse-bytes.md).
   */
  async pulse(agentId: string, previousState?: string): Promise<Buffer> {
    const doc = await this.readModels.get<PulseDoc>(PULSES, agentId);
    if (!doc) throw notFound('agent_not_found', 'no such agent');
    const ids = new Set([
      ...Object.values(doc.matches).map((m) => m.partnerId),
      ...doc.likers.slice(0, PULSE_LIKERS * 2),
    ]);
    const partners = await this.readModels.getMany<AgentDoc>(AGENTS, [...ids]);
    const mixer = this.mixer();
    let composed = this.composed.get(doc);
    if (!composed || composed.mixer !== mixer || !sameDocuments(composed.partners, partners)) {
      const agents = new Map<string, AgentSummary>(partners.map((a) => [a._id, agentSummary(a)]));
      const content = JSON.stringify(composePulse(doc, agents, mixer, this.config.publicBaseUrl));
      const stateToken = sha256Hex(content);
      const bodies = new PulseBodies(content, stateToken, previousState !== stateToken);
      composed = { partners, mixer, bodies };
      this.composed.set(doc, composed);
    }
    return composed.bodies.body(previousState !== composed.bodies.stateToken);
  }

  /**
   * The mixer part, kept until its next change (the live hour starts or ends): computing the
   * occurrence and its URLs took a twentieth of a polled pulse. `from` guards a clock set back.
   */
  private mixer(): MixerInfo {
    const now = this.clock.now();
    const t = now.getTime();
    if (this.moment && t >= this.moment.from && t < this.moment.until) return this.moment.info;
    const occurrence = currentOrNextOccurrence(now);
    const status = mixerStatus(occurrence, now);
    const base = `${this.config.publicBaseUrl}/api/v1/mixer`;
    const info: MixerInfo = {
      key: occurrence.key,
      startsAt: occurrence.startsAt.toISOString(),
      endsAt: occurrence.endsAt.toISOString(),
      status,
      url: `${base}?week=${occurrence.key}`,
      calendarUrl: `${base}/${occurrence.key}/calendar`,
    };
    const until = (status === 'upcoming' ? occurrence.startsAt : occurrence.endsAt).getTime();
    this.moment = { info, from: t, until };
    return info;
  }
}

function sameDocuments(a: readonly AgentDoc[], b: readonly AgentDoc[]): boolean {
  return a.length === b.length && a.every((doc, i) => doc === b[i]);
}
