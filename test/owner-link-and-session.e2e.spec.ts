import { randomBytes } from 'node:crypto';
import { EVENT_STORE, EventStore } from '@companion/event-store';
import { ownerAccessProjection } from '@companion/owner';
import { ProjectionEngine, READ_STORE, ReadModels, ReadStore } from '@companion/read-store';
import { Client, matchPair, register, RunningApp } from './support/app';
import {
  MINUTE,
  DAY,
  OWNER_HEADER,
  sha256,
  secretOf,
  cookieFrom,
  OwnerClient,
  ownerWorld,
} from './support/owner';

/**
 * The owner link, its redemption into a browser session, what that session may do and how it ends;
 * then the owner read models rebuilt from everything these tests wrote.
 */
describe('Owner link and dashboard (e2e over HTTP, spec §5 rule 8)', () => {
  const { clock, ownerLink, session, fixtures } = ownerWorld();
  let running: RunningApp;
  let api: Client;
  let owner: OwnerClient;
  beforeAll(() => {
    ({ running, api, owner } = fixtures());
  });

  describe('POST /api/v1/agents/me/owner-link', () => {
    it('answers 201 with the one-use secret in the URL fragment, the 15-minute expiry and guidance', async () => {
      const ada = await register(api, { name: 'Ada' });
      const res = await ownerLink(ada);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        ownerUrl: expect.any(String),
        expiresAt: '2026-11-18T12:15:00.000Z',
        guidance: expect.any(Array),
      });
      expect(res.body.ownerUrl).toMatch(
        new RegExp(
          `^${running.baseUrl.replace(/\./g, '\\.')}/owner#companion_owner_[A-Za-z0-9_-]{43}$`,
        ),
      );
      expect(res.body.guidance.length).toBeGreaterThan(0);
      for (const text of res.body.guidance) expect(typeof text).toBe('string');
      expect(res.headers.get('cache-control')).toBe('no-store');
    });

    it('needs a valid key', async () => {
      expect((await api.post('/api/v1/agents/me/owner-link')).status).toBe(401);
      expect(
        (await api.post('/api/v1/agents/me/owner-link', undefined, 'companion_sk_forged')).status,
      ).toBe(401);
    });

    it('puts only SHA-256 hashes of the link secret and of the session id in the events', async () => {
      const ada = await register(api);
      const link = await ownerLink(ada);
      const secret = secretOf(link.body.ownerUrl);
      const redeemed = await owner.redeem(secret);
      const sessionId = cookieFrom(redeemed.headers.get('set-cookie')).split('=')[1];
      const events = await running.app.get<EventStore>(EVENT_STORE).readStream(`agent-${ada.id}`);
      const log = JSON.stringify(events);
      expect(events.map((e) => e.type)).toEqual([
        'AgentRegistered',
        'OwnerLinkCreated',
        'OwnerLinkRedeemed',
      ]);
      expect(log).not.toContain(secret);
      expect(log).not.toContain(secret.slice('companion_owner_'.length));
      expect(log).not.toContain(sessionId);
      expect(events[1].data).toMatchObject({
        agentId: ada.id,
        secretHash: sha256(secret),
        expiresAt: '2026-11-18T12:15:00.000Z',
      });
      expect(events[2].data).toMatchObject({
        agentId: ada.id,
        sessionHash: sha256(sessionId),
        sessionExpiresAt: '2026-12-18T12:00:00.000Z',
      });
    });
  });

  describe('POST /owner/session', () => {
    it('redeems the secret once into an HttpOnly, SameSite=Strict cookie for 30 days on /owner (not Secure outside production)', async () => {
      const ada = await register(api);
      const link = await ownerLink(ada);
      const res = await owner.redeem(secretOf(link.body.ownerUrl));
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ session: { expiresAt: '2026-12-18T12:00:00.000Z' } });
      expect(res.headers.get('set-cookie')).toMatch(
        /^companion_owner=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\/owner; Max-Age=2592000$/,
      );
      expect(res.headers.get('cache-control')).toBe('no-store');

      const again = await owner.redeem(secretOf(link.body.ownerUrl));
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ statusCode: 409, code: 'owner_link_used' });
      expect(again.headers.get('set-cookie')).toBeNull();
    });

    it('opens exactly one session when the same link is redeemed many times at once', async () => {
      const secret = secretOf((await ownerLink(await register(api))).body.ownerUrl);
      const answers = await Promise.all(Array.from({ length: 8 }, () => owner.redeem(secret)));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    });

    it("closes the browser's previous session, whose cookie the new one replaces", async () => {
      const [ada, bea] = [await register(api), await register(api)];
      const old = await session(ada);
      const secret = secretOf((await ownerLink(bea)).body.ownerUrl);
      const res = await owner.request('POST', '/owner/session', { body: { secret }, cookie: old });
      expect(res.status).toBe(201);
      expect((await owner.dashboard(old)).status).toBe(401);
      expect((await owner.dashboard(cookieFrom(res.headers.get('set-cookie')))).body.agent.id).toBe(
        bea.id,
      );
    });

    it('works until 15 minutes have passed, then answers 410 Gone', async () => {
      const ada = await register(api);
      const first = await ownerLink(ada);
      const second = await ownerLink(ada);
      clock.advance(15 * MINUTE - 1);
      expect((await owner.redeem(secretOf(first.body.ownerUrl))).status).toBe(201);
      clock.advance(1);
      const expired = await owner.redeem(secretOf(second.body.ownerUrl));
      expect(expired.status).toBe(410);
      expect(expired.body).toMatchObject({
        statusCode: 410,
        error: 'Gone',
        code: 'owner_link_expired',
      });
      expect(expired.headers.get('set-cookie')).toBeNull();
      // A used link stays "used" after its expiry.
      expect((await owner.redeem(secretOf(first.body.ownerUrl))).body.code).toBe('owner_link_used');
    });

    it('refuses a forged or malformed secret with 401, and a body without a secret with 400', async () => {
      const forged = await owner.redeem(`companion_owner_${randomBytes(32).toString('base64url')}`);
      expect(forged.status).toBe(401);
      expect(forged.body).toMatchObject({ code: 'owner_link_invalid' });
      expect((await owner.redeem('companion_sk_not-an-owner-secret')).status).toBe(401);
      expect((await owner.redeem('')).status).toBe(401);
      expect((await owner.request('POST', '/owner/session', { body: {} })).status).toBe(400);
      expect(
        (await owner.request('POST', '/owner/session', { body: { secret: 'x', extra: 1 } })).status,
      ).toBe(400);
    });

    it('refuses a request without "X-Companion-Owner: 1" with 403, and does not use up the link', async () => {
      const ada = await register(api);
      const secret = secretOf((await ownerLink(ada)).body.ownerUrl);
      const bare = await owner.redeem(secret, false);
      expect(bare.status).toBe(403);
      expect(bare.body).toMatchObject({ code: 'owner_header_required' });
      const wrong = await fetch(`${running.baseUrl}/owner/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-companion-owner': 'yes' },
        body: JSON.stringify({ secret }),
      });
      expect(wrong.status).toBe(403);
      // What a cross-site HTML form can send: no custom header, a form body.
      const form = await fetch(`${running.baseUrl}/owner/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `secret=${secret}`,
      });
      expect(form.status).toBeGreaterThanOrEqual(400);
      expect((await owner.redeem(secret)).status).toBe(201);
    });
  });

  describe('the session', () => {
    it('is refused when missing, forged or malformed', async () => {
      for (const cookie of [
        undefined,
        `companion_owner=${randomBytes(32).toString('base64url')}`,
        'companion_owner=garbage',
        'other=1',
      ]) {
        const res = await owner.dashboard(cookie);
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ statusCode: 401, code: 'owner_session_invalid' });
      }
    });

    it('finds its cookie among others in the Cookie header', async () => {
      const cookie = await session(await register(api));
      expect((await owner.dashboard(`theme=dark; ${cookie}; lang=en`)).status).toBe(200);
    });

    it('lasts 30 days from its redemption', async () => {
      const cookie = await session(await register(api));
      clock.advance(30 * DAY - 1);
      const last = await owner.dashboard(cookie);
      expect(last.status).toBe(200);
      expect(last.body.session).toEqual({ expiresAt: '2026-12-18T12:00:00.000Z' });
      clock.advance(1);
      expect((await owner.dashboard(cookie)).status).toBe(401);
    });

    it('authenticates nothing under /api/v1: only Bearer keys do', async () => {
      const [ada, bea] = [await register(api), await register(api)];
      const matchId = await matchPair(api, ada, bea);
      const cookie = await session(ada);
      const post = await fetch(`${running.baseUrl}/api/v1/matches/${matchId}/messages`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', ...OWNER_HEADER },
        body: JSON.stringify({ content: 'Written by the owner?' }),
      });
      expect(post.status).toBe(401);
      expect(
        (await fetch(`${running.baseUrl}/api/v1/agents/me`, { headers: { cookie } })).status,
      ).toBe(401);
      expect(
        (
          await fetch(`${running.baseUrl}/api/v1/mixer/2026-11-21/rsvp`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json' },
            body: '{"action":"RSVP"}',
          })
        ).status,
      ).toBe(401);
      expect((await api.get(`/api/v1/matches/${matchId}/messages`, ada.key)).body.messages).toEqual(
        [],
      );
    });

    it('stops working when the agent is deleted, as do its unused links', async () => {
      const ada = await register(api);
      const unused = secretOf((await ownerLink(ada)).body.ownerUrl);
      const cookie = await session(ada);
      expect((await owner.dashboard(cookie)).status).toBe(200);
      expect((await api.delete('/api/v1/agents/me', ada.key)).status).toBe(200);
      expect((await owner.dashboard(cookie)).status).toBe(401);
      expect((await owner.rsvp('2026-11-21', 'RSVP', cookie)).status).toBe(401);
      expect((await owner.redeem(unused)).status).toBe(401);
    });
  });

  describe('POST /owner/api/disconnect', () => {
    it('revokes this browser session only and clears its cookie', async () => {
      const ada = await register(api);
      const [mine, other] = [await session(ada), await session(ada)];
      expect((await owner.disconnect(mine, false)).status).toBe(403);
      const res = await owner.disconnect(mine);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ disconnected: true });
      expect(res.headers.get('set-cookie')).toBe(
        'companion_owner=; HttpOnly; SameSite=Strict; Path=/owner; Max-Age=0',
      );
      expect((await owner.dashboard(mine)).status).toBe(401);
      expect((await owner.disconnect(mine)).status).toBe(401);
      expect((await owner.dashboard(other)).status).toBe(200);
      const events = await running.app.get<EventStore>(EVENT_STORE).readStream(`agent-${ada.id}`);
      expect(events.filter((e) => e.type === 'OwnerSessionRevoked')).toHaveLength(1);
    });
  });

  it('rebuilds the owner read models from the log to the same documents (after every test above: links, redemptions, revocations, deletions)', async () => {
    const store = running.app.get<ReadStore>(READ_STORE);
    const readModels = running.app.get(ReadModels);
    const dump = async () => {
      const out: Record<string, unknown[]> = {};
      for (const c of ownerAccessProjection.collections)
        out[c.name] = await store.find(readModels.physical(c.name), {}, { sort: [['_id', 1]] });
      return out;
    };
    const before = await dump();
    expect(before.ownerLinks.length).toBeGreaterThan(5);
    expect(before.ownerSessions.some((s: any) => s.revoked)).toBe(true);
    await running.app.get(ProjectionEngine).rebuild(ownerAccessProjection.name);
    expect(await dump()).toEqual(before);
  });
});
