import type { RecordedEvent } from '@companion/event-store';
import type { Doc, ProjectionContext } from '@companion/read-store';
import { MIXER_AGENTS, MIXER_GUESTS, mixerGuestsProjection } from '../src/projections/mixer-guests.projection';

/** The engine's contract in memory: documents by id, and an event not newer than a document's _pos leaves it alone. */
function memoryStore() {
  const docs = new Map<string, Doc & { _pos: number }>();
  let position = 0;
  const ctx = (pos: number): ProjectionContext => ({
    get: async <T extends Doc>(c: string, id: string) => (docs.get(`${c}/${id}`) as unknown as T | undefined) ?? null,
    update: async (c, id, fn) => {
      const current = docs.get(`${c}/${id}`) ?? null;
      if (current && current._pos >= pos) return;
      const next = fn(current as never);
      if (next === undefined) return;
      if (next === null) docs.delete(`${c}/${id}`);
      else docs.set(`${c}/${id}`, { ...next, _id: id, _pos: pos });
    },
  });
  return {
    async apply(type: string, data: unknown, at = '2026-11-21T12:00:00.000Z') {
      position += 1;
      const event = { id: String(position), type, data, metadata: { occurredAt: at }, streamName: 's', revision: 0, position, recordedAt: at } as RecordedEvent;
      await mixerGuestsProjection.apply(event, ctx(position));
    },
    doc: (c: string, id: string) => docs.get(`${c}/${id}`),
  };
}

const KEY = '2026-11-21';
const rsvp = { key: KEY, agentId: 'a' };

describe('mixer guests projection', () => {
  it('keeps the place in the list from RSVP to check-in, and starts a new one after a cancel', async () => {
    const store = memoryStore();
    await store.apply('MixerRsvpRecorded', rsvp, '2026-11-18T10:00:00.000Z');
    await store.apply('MixerCheckedIn', rsvp, '2026-11-21T18:05:00.000Z');
    expect(store.doc(MIXER_GUESTS, `${KEY}_a`)).toMatchObject({
      status: 'checked_in', attending: true, checkedIn: true, since: '2026-11-18T10:00:00.000Z', checkedInAt: '2026-11-21T18:05:00.000Z',
    });

    const other = memoryStore();
    await other.apply('MixerRsvpRecorded', rsvp, '2026-11-18T10:00:00.000Z');
    await other.apply('MixerRsvpCancelled', rsvp, '2026-11-19T10:00:00.000Z');
    expect(other.doc(MIXER_GUESTS, `${KEY}_a`)).toMatchObject({ status: 'cancelled', attending: false, checkedIn: false });
    await other.apply('MixerRsvpRecorded', rsvp, '2026-11-20T10:00:00.000Z');
    expect(other.doc(MIXER_GUESTS, `${KEY}_a`)).toMatchObject({ status: 'going', attending: true, since: '2026-11-20T10:00:00.000Z' });
  });

  it('removes every RSVP of a deleted agent, and ignores one appended after the deletion', async () => {
    const store = memoryStore();
    await store.apply('MixerRsvpRecorded', rsvp);
    await store.apply('MixerRsvpRecorded', { key: '2026-11-28', agentId: 'a' });
    await store.apply('MixerRsvpRecorded', { key: KEY, agentId: 'b' });
    expect(store.doc(MIXER_AGENTS, 'a')).toMatchObject({ keys: [KEY, '2026-11-28'], deleted: false });

    await store.apply('AgentDeleted', { agentId: 'a' });
    expect(store.doc(MIXER_GUESTS, `${KEY}_a`)).toBeUndefined();
    expect(store.doc(MIXER_GUESTS, '2026-11-28_a')).toBeUndefined();
    expect(store.doc(MIXER_GUESTS, `${KEY}_b`)).toBeDefined();

    await store.apply('MixerCheckedIn', rsvp);
    expect(store.doc(MIXER_GUESTS, `${KEY}_a`)).toBeUndefined();
  });
});
