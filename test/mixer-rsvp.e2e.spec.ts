import { ManualClock } from '@companion/platform';
import { MixerQueries, mixerGuestsProjection } from '@companion/mixer';
import { ProjectionEngine, READ_STORE, ReadModels, ReadStore } from '@companion/read-store';
import { client, Client, register, RunningApp, startApp } from './support/app';

const BASE = 'https://companion.example';
const WEDNESDAY = '2026-11-18T12:00:00.000Z';

/** RSVPs to the Saturday Social: the going list, the horizon, check-in, and the rebuilt read models. */
describe('Mixer (e2e over HTTP, with the clock set by the test)', () => {
  let running: RunningApp;
  let api: Client;
  const clock = new ManualClock(new Date(WEDNESDAY));
  const rsvp = (key: string, action: unknown, apiKey?: string) =>
    api.post(`/api/v1/mixer/${key}/rsvp`, { action }, apiKey);
  const guestIds = (view: { guests: Array<{ id: string }> }) => view.guests.map((g) => g.id);

  beforeAll(async () => {
    running = await startApp({ clock, env: { PUBLIC_BASE_URL: BASE } });
    api = client(running.baseUrl);
  });
  afterAll(() => running.close());
  beforeEach(() => clock.set(WEDNESDAY));

  describe('POST /mixer/{key}/rsvp', () => {
    it('RSVP → going and on the guest list; repeat changes nothing; CANCEL; RSVP again', async () => {
      const key = '2026-11-28';
      const [a, b] = [
        await register(api, { name: 'Ada', sceneId: 'cozy-library' }),
        await register(api),
      ];

      const first = await rsvp(key, 'RSVP', a.key);
      expect(first.status).toBe(200);
      expect(first.body.rsvp).toBe('going');
      expect(first.body.mixer).toMatchObject({
        key,
        status: 'upcoming',
        attendeeCount: 1,
        rsvp: 'going',
        checkedIn: false,
      });
      expect(first.body.mixer.guests).toEqual([
        { id: a.id, name: 'Ada', avatarUrl: null, sceneId: 'cozy-library', checkedIn: false },
      ]);
      expect(Object.keys(first.body.mixer).sort()).toEqual(
        Object.keys((await api.get(`/api/v1/mixer?week=${key}`)).body).sort(),
      );

      clock.advance(60_000); // the list is in RSVP order
      expect((await rsvp(key, 'RSVP', b.key)).body.mixer.attendeeCount).toBe(2);
      const again = await rsvp(key, 'RSVP', a.key);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ rsvp: 'going', mixer: { attendeeCount: 2 } });
      expect(guestIds((await api.get(`/api/v1/mixer?week=${key}`)).body)).toEqual([a.id, b.id]);

      const cancel = await rsvp(key, 'CANCEL', a.key);
      expect(cancel.status).toBe(200);
      expect(cancel.body).toMatchObject({
        rsvp: 'cancelled',
        mixer: { rsvp: 'cancelled', attendeeCount: 1 },
      });
      expect(guestIds(cancel.body.mixer)).toEqual([b.id]);
      expect((await api.get(`/api/v1/mixer?week=${key}`, a.key)).body.rsvp).toBe('cancelled');
      expect((await rsvp(key, 'CANCEL', a.key)).body.rsvp).toBe('cancelled');

      clock.advance(60_000);
      const back = await rsvp(key, 'RSVP', a.key);
      expect(back.body).toMatchObject({ rsvp: 'going', mixer: { attendeeCount: 2 } });
      expect(guestIds(back.body.mixer)).toEqual([b.id, a.id]);
      expect(await running.app.get(MixerQueries).guestIds(key)).toEqual(new Set([a.id, b.id]));
    });

    it('accepts a CANCEL without an RSVP as a no-op', async () => {
      const a = await register(api);
      expect((await rsvp('2026-12-05', 'CANCEL', a.key)).body).toMatchObject({
        rsvp: 'none',
        mixer: { rsvp: 'none', checkedIn: false },
      });
    });

    it('accepts occurrences up to 4 weeks ahead and refuses beyond (409 beyond_horizon)', async () => {
      const a = await register(api);
      expect((await rsvp('2026-12-12', 'RSVP', a.key)).status).toBe(200); // starts in 24 days 6 hours
      const beyond = await rsvp('2026-12-19', 'RSVP', a.key); // in 31 days
      expect(beyond.status).toBe(409);
      expect(beyond.body).toMatchObject({ statusCode: 409, code: 'beyond_horizon' });
      clock.set('2026-11-21T18:00:00.000Z'); // now exactly 28 days before it starts
      expect((await rsvp('2026-12-19', 'RSVP', a.key)).status).toBe(200);
      expect((await rsvp('2026-12-26', 'RSVP', a.key)).body.code).toBe('beyond_horizon');
    });

    it('refuses an occurrence that has ended (409 mixer_ended)', async () => {
      const a = await register(api);
      const past = await rsvp('2026-11-14', 'RSVP', a.key);
      expect(past.status).toBe(409);
      expect(past.body.code).toBe('mixer_ended');
      clock.set('2026-11-21T19:00:00.000Z');
      expect((await rsvp('2026-11-21', 'RSVP', a.key)).body.code).toBe('mixer_ended');
      expect((await rsvp('2026-11-21', 'CANCEL', a.key)).status).toBe(409);
    });

    it.each([
      ['2026-11-20', 'not_a_saturday'],
      ['2026-11-22', 'not_a_saturday'],
      ['2026-02-30', 'invalid_mixer_key'],
      ['saturday', 'invalid_mixer_key'],
      ['2026-1-21', 'invalid_mixer_key'],
    ])('refuses the key %s with 400 %s', async (key, code) => {
      const a = await register(api);
      const res = await rsvp(key, 'RSVP', a.key);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
    });

    it('CHECK_IN only during the live hour; walk-ins welcome; no CANCEL after check-in', async () => {
      const key = '2026-11-21';
      const [a, walkIn, late] = [await register(api), await register(api), await register(api)];
      await rsvp(key, 'RSVP', a.key);
      clock.advance(60_000);
      await rsvp(key, 'RSVP', late.key);

      clock.set('2026-11-21T17:59:59.999Z');
      const early = await rsvp(key, 'CHECK_IN', a.key);
      expect(early.status).toBe(409);
      expect(early.body.code).toBe('not_live');

      clock.set('2026-11-21T18:00:00.000Z');
      const inside = await rsvp(key, 'CHECK_IN', a.key);
      expect(inside.status).toBe(200);
      expect(inside.body).toMatchObject({
        rsvp: 'checked_in',
        mixer: { status: 'live', rsvp: 'checked_in', checkedIn: true },
      });
      expect((await rsvp(key, 'CHECK_IN', a.key)).body.rsvp).toBe('checked_in');

      clock.set('2026-11-21T18:30:00.000Z');
      const walked = await rsvp(key, 'CHECK_IN', walkIn.key);
      expect(walked.status).toBe(200);
      const guests = walked.body.mixer.guests.filter((g: { id: string }) =>
        [a.id, walkIn.id, late.id].includes(g.id),
      );
      expect(guests.map((g: { id: string; checkedIn: boolean }) => [g.id, g.checkedIn])).toEqual([
        [a.id, true],
        [walkIn.id, true],
        [late.id, false],
      ]);

      const cancel = await rsvp(key, 'CANCEL', a.key);
      expect(cancel.status).toBe(409);
      expect(cancel.body.code).toBe('already_checked_in');

      clock.set('2026-11-21T19:00:00.000Z');
      const after = await rsvp(key, 'CHECK_IN', late.key);
      expect(after.status).toBe(409);
      expect(after.body.code).toBe('not_live');
      expect((await api.get(`/api/v1/mixer?week=${key}`, a.key)).body).toMatchObject({
        status: 'ended',
        rsvp: 'checked_in',
        checkedIn: true,
      });
    });

    it.each<[string, unknown]>([
      ['an unknown action', { action: 'MAYBE' }],
      ['a lower-case action', { action: 'rsvp' }],
      ['an action that is not a string', { action: 1 }],
      ['an extra field', { action: 'RSVP', plusOne: true }],
      ['no action', {}],
      ['an array body', ['RSVP']],
    ])('refuses %s with 400', async (_, body) => {
      const a = await register(api);
      const res = await api.post('/api/v1/mixer/2026-11-28/rsvp', body, a.key);
      expect(res.status).toBe(400);
      expect((await api.get('/api/v1/mixer?week=2026-11-28', a.key)).body.rsvp).toBe('none');
    });

    it('needs a key (401)', async () => {
      const res = await rsvp('2026-11-28', 'RSVP');
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    });

    it('drops a deleted agent from the guest list and the count', async () => {
      const key = '2026-12-05';
      const [stays, leaves] = [await register(api), await register(api)];
      await rsvp(key, 'RSVP', stays.key);
      expect((await rsvp(key, 'RSVP', leaves.key)).body.mixer.attendeeCount).toBe(2);
      expect((await api.delete('/api/v1/agents/me', leaves.key)).status).toBe(200);
      const view = (await api.get(`/api/v1/mixer?week=${key}`)).body;
      expect(guestIds(view)).toEqual([stays.id]);
      expect(view.attendeeCount).toBe(1);
      expect(await running.app.get(MixerQueries).guestIds(key)).toEqual(new Set([stays.id]));
    });
  });
  it('rebuilds the mixer read models from the log to the same documents', async () => {
    const store = running.app.get<ReadStore>(READ_STORE);
    const readModels = running.app.get(ReadModels);
    const dump = async () => {
      const out: Record<string, unknown[]> = {};
      for (const c of mixerGuestsProjection.collections)
        out[c.name] = await store.find(readModels.physical(c.name), {}, { sort: [['_id', 1]] });
      return out;
    };
    const before = await dump();
    expect(before.mixerGuests.length).toBeGreaterThan(5);
    await running.app.get(ProjectionEngine).rebuild(mixerGuestsProjection.name);
    expect(await dump()).toEqual(before);
  });
});
