import type { ProjectedEvent } from '@companion/event-store';
import type { Doc, Projection, ProjectionContext } from '@companion/read-store';
import {
  isAttending,
  MIXER_RSVP_EVENT_TYPES,
  MixerRsvpEvent,
  RsvpStatus,
} from '../domain/mixer-rsvp';

/** One agent's RSVP to one occurrence (`{key}_{agentId}`), kept after a cancel so the agent sees its own state. */
export interface MixerGuestDoc extends Doc {
  key: string;
  agentId: string;
  status: Exclude<RsvpStatus, 'none'>;
  /** On the guest list and counted: going or checked in. */
  attending: boolean;
  checkedIn: boolean;
  /** When the agent last joined the guest list (RSVP or walk-in); orders the list. */
  since: string;
  checkedInAt: string | null;
}

/**
 * The occurrences each agent has RSVP documents for, so a deletion can remove them without a
 * query. After `AgentDeleted` it stays as a tombstone: an RSVP decided just before the deletion
 * may be appended just after it, and must not bring the agent back onto a guest list.
 */
export interface MixerAgentDoc extends Doc {
  keys: string[];
  deleted: boolean;
}

export const MIXER_GUESTS = 'mixerGuests';
export const MIXER_AGENTS = 'mixerAgents';

export const guestDocId = (key: string, agentId: string) => `${key}_${agentId}`;

type Event = MixerRsvpEvent | { type: 'AgentDeleted'; data: { agentId: string } };

export const mixerGuestsProjection: Projection = {
  name: 'mixer',
  version: 1,
  collections: [
    {
      name: MIXER_GUESTS,
      indexes: [
        {
          name: 'by_guest_list',
          fields: [
            ['key', 1],
            ['attending', 1],
            ['checkedIn', -1],
            ['since', 1],
            ['_id', 1],
          ],
        },
      ],
    },
    { name: MIXER_AGENTS },
  ],
  eventTypes: [...MIXER_RSVP_EVENT_TYPES, 'AgentDeleted'],

  async apply(recorded: ProjectedEvent, ctx: ProjectionContext) {
    const event = { type: recorded.type, data: recorded.data } as Event;
    if (event.type === 'AgentDeleted') return forget(ctx, event.data.agentId);

    const { key, agentId } = event.data;
    const agent = await ctx.get<MixerAgentDoc>(MIXER_AGENTS, agentId);
    if (agent?.deleted) return;
    if (!agent?.keys.includes(key)) {
      await ctx.update<MixerAgentDoc>(MIXER_AGENTS, agentId, (a) => ({
        _id: agentId,
        keys: [...(a?.keys ?? []), key],
        deleted: false,
      }));
    }
    const at = recorded.metadata.occurredAt;
    await ctx.update<MixerGuestDoc>(MIXER_GUESTS, guestDocId(key, agentId), (doc) => {
      const status = statusAfter(event.type);
      const attending = isAttending(status);
      return {
        _id: guestDocId(key, agentId),
        key,
        agentId,
        status,
        attending,
        checkedIn: status === 'checked_in',
        // Going → checked in keeps the place in the list; joining again after a cancel starts a new one.
        since: doc?.attending && attending ? doc.since : at,
        checkedInAt: status === 'checked_in' ? at : null,
      };
    });
  },
};

function statusAfter(type: MixerRsvpEvent['type']): MixerGuestDoc['status'] {
  return type === 'MixerRsvpRecorded'
    ? 'going'
    : type === 'MixerRsvpCancelled'
      ? 'cancelled'
      : 'checked_in';
}

async function forget(ctx: ProjectionContext, agentId: string): Promise<void> {
  const agent = await ctx.get<MixerAgentDoc>(MIXER_AGENTS, agentId);
  for (const key of agent?.keys ?? [])
    await ctx.update(MIXER_GUESTS, guestDocId(key, agentId), () => null);
  await ctx.update<MixerAgentDoc>(MIXER_AGENTS, agentId, () => ({
    _id: agentId,
    keys: [],
    deleted: true,
  }));
}
