import { projectionHarness } from '../../read-store/src/testing/projection-harness';
import {
  MIXER_AGENTS,
  MIXER_GUESTS,
  mixerGuestsProjection,
} from '../src/projections/mixer-guests.projection';

const memoryStore = () => projectionHarness(mixerGuestsProjection);

const KEY = '2026-11-21';
const rsvp = { key: KEY, agentId: 'a' };

describe('mixer guests projection', () => {
  it('keeps the place in the list from RSVP to check-in, and starts a new one after a cancel', async () => {
    const store = memoryStore();
    await store.apply('MixerRsvpRecorded', rsvp, '2026-11-18T10:00:00.000Z');
    await store.apply('MixerCheckedIn', rsvp, '2026-11-21T18:05:00.000Z');
    expect(await store.doc(MIXER_GUESTS, `${KEY}_a`)).toMatchObject({
      status: 'checked_in',
      attending: true,
      checkedIn: true,
      since: '2026-11-18T10:00:00.000Z',
      checkedInAt: '2026-11-21T18:05:00.000Z',
    });

    const other = memoryStore();
    await other.apply('MixerRsvpRecorded', rsvp, '2026-11-18T10:00:00.000Z');
    await other.apply('MixerRsvpCancelled', rsvp, '2026-11-19T10:00:00.000Z');
    expect(await other.doc(MIXER_GUESTS, `${KEY}_a`)).toMatchObject({
      status: 'cancelled',
      attending: false,
      checkedIn: false,
    });
    await other.apply('MixerRsvpRecorded', rsvp, '2026-11-20T10:00:00.000Z');
    expect(await other.doc(MIXER_GUESTS, `${KEY}_a`)).toMatchObject({
      status: 'going',
      attending: true,
      since: '2026-11-20T10:00:00.000Z',
    });
  });

  it('removes every RSVP of a deleted agent, and ignores one appended after the deletion', async () => {
    const store = memoryStore();
    await store.apply('MixerRsvpRecorded', rsvp);
    await store.apply('MixerRsvpRecorded', { key: '2026-11-28', agentId: 'a' });
    await store.apply('MixerRsvpRecorded', { key: KEY, agentId: 'b' });
    expect(await store.doc(MIXER_AGENTS, 'a')).toMatchObject({
      keys: [KEY, '2026-11-28'],
      deleted: false,
    });

    await store.apply('AgentDeleted', { agentId: 'a' });
    expect(await store.doc(MIXER_GUESTS, `${KEY}_a`)).toBeUndefined();
    expect(await store.doc(MIXER_GUESTS, '2026-11-28_a')).toBeUndefined();
    expect(await store.doc(MIXER_GUESTS, `${KEY}_b`)).toBeDefined();

    await store.apply('MixerCheckedIn', rsvp);
    expect(await store.doc(MIXER_GUESTS, `${KEY}_a`)).toBeUndefined();
  });
});
