import { Inject, Injectable } from '@nestjs/common';
import { AgentDoc, AGENTS } from '@companion/agents';
import { AppConfig, CLOCK, Clock, CONFIG } from '@companion/platform';
import { ReadModels } from '@companion/read-store';
import {
  MixerOccurrence,
  MixerStatus,
  mixerStatus,
  parseMixerKey,
} from '../domain/mixer-occurrence';
import { RsvpStatus } from '../domain/mixer-rsvp';
import { guestDocId, MIXER_GUESTS, MixerGuestDoc } from '../projections/mixer-guests.projection';

/** Ours: the view lists at most this many guests (checked in first, then by RSVP time); attendeeCount is the total. */
export const GUEST_LIST_MAX = 100;

export interface MixerGuest {
  id: string;
  name: string;
  avatarUrl: string | null;
  sceneId: string | null;
  checkedIn: boolean;
}

export interface MixerView {
  key: string;
  startsAt: string;
  endsAt: string;
  status: MixerStatus;
  /** Agents going or checked in. */
  attendeeCount: number;
  guests: MixerGuest[];
  /** The caller's state; null without a key. */
  rsvp: RsvpStatus | null;
  /** Whether the caller checked in; null without a key. */
  checkedIn: boolean | null;
  discoverUrl: string;
  calendarUrl: string;
}

export const mixerLinks = (publicBaseUrl: string, key: string) => ({
  view: `${publicBaseUrl}/api/v1/mixer?week=${key}`,
  discoverUrl: `${publicBaseUrl}/api/v1/discover?mixer=${key}`,
  calendarUrl: `${publicBaseUrl}/api/v1/mixer/${key}/calendar`,
});

/** Reads of the mixer read models; never the event store. */
@Injectable()
export class MixerQueries {
  constructor(
    private readonly readModels: ReadModels,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The agents on an occurrence's guest list (going or checked in), for `GET /discover?mixer=KEY`.
   * A malformed or non-Saturday key throws the same 400 DomainError as the mixer endpoints.
   */
  async guestIds(key: string): Promise<Set<string>> {
    const occurrence = parseMixerKey(key);
    const docs = await this.readModels.find<MixerGuestDoc>(MIXER_GUESTS, {
      key: occurrence.key,
      attending: true,
    });
    return new Set(docs.map((d) => d.agentId));
  }

  /**
   * The occurrence as the caller sees it. `own` is the caller's state as a command just decided it,
   * which answers even when the read models were too slow to show that write.
   */
  async view(occurrence: MixerOccurrence, callerId?: string, own?: RsvpStatus): Promise<MixerView> {
    const { key } = occurrence;
    const [attendeeCount, listed, mine] = await Promise.all([
      this.readModels.count(MIXER_GUESTS, { key, attending: true }),
      this.readModels.find<MixerGuestDoc>(
        MIXER_GUESTS,
        { key, attending: true },
        {
          sort: [
            ['checkedIn', -1],
            ['since', 1],
            ['_id', 1],
          ],
          limit: GUEST_LIST_MAX,
        },
      ),
      callerId && !own
        ? this.readModels.get<MixerGuestDoc>(MIXER_GUESTS, guestDocId(key, callerId))
        : null,
    ]);
    const profiles = new Map(
      (
        await this.readModels.getMany<AgentDoc>(
          AGENTS,
          listed.map((g) => g.agentId),
        )
      ).map((a) => [a._id, a]),
    );
    const rsvp = callerId ? (own ?? mine?.status ?? 'none') : null;
    const { discoverUrl, calendarUrl } = mixerLinks(this.config.publicBaseUrl, key);
    return {
      key,
      startsAt: occurrence.startsAt.toISOString(),
      endsAt: occurrence.endsAt.toISOString(),
      status: mixerStatus(occurrence, this.clock.now()),
      attendeeCount,
      guests: listed.flatMap((g) => {
        const agent = profiles.get(g.agentId);
        return agent ? [guestView(agent, g)] : [];
      }),
      rsvp,
      checkedIn: rsvp === null ? null : rsvp === 'checked_in',
      discoverUrl,
      calendarUrl,
    };
  }
}

function guestView(agent: AgentDoc, guest: MixerGuestDoc): MixerGuest {
  const p = agent.profile;
  return {
    id: agent._id,
    name: p.name,
    avatarUrl: p.avatarUrl ?? null,
    sceneId: p.sceneId ?? null,
    checkedIn: guest.checkedIn,
  };
}
