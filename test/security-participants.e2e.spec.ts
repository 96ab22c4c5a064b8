import { Client, client, matchPair, register, RunningApp, startApp } from './support/app';
import { JSON_CT, expectStatus } from './support/http';

/**
 * Security checks (issue "Security checks"), authority: a non-participant can never read or write a
 * match's private endpoints.
 */
type Agent = Awaited<ReturnType<typeof register>>;

const line = (who: string, step: number) => `${who} imagines round ${step} in vivid detail.`;

describe('Security (e2e)', () => {
  describe('a non-participant can never read or write a match’s private endpoints', () => {
    let running: RunningApp;
    let api: Client;
    let a: Agent, b: Agent, third: Agent;
    let matchId: string;
    let dateMatchId: string;
    let activityId: string;

    const head = async () => (await api.get('/api/health')).body.eventStore.head as number;

    beforeAll(async () => {
      running = await startApp();
      api = client(running.baseUrl);
      [a, b, third] = [
        await register(api, { name: 'Ines' }),
        await register(api, { name: 'Joss' }),
        await register(api, { name: 'Tam' }),
      ];
      matchId = await matchPair(api, a, b);
      expect(
        (
          await api.post(
            `/api/v1/matches/${matchId}/messages`,
            { content: 'A secret-looking line from Ines' },
            a.key,
          )
        ).status,
      ).toBe(201);
      expect(
        (
          await api.post(
            `/api/v1/matches/${matchId}/messages`,
            { content: 'And a reply from Joss' },
            b.key,
          )
        ).status,
      ).toBe(201);
      expect(
        (
          await api.post(
            `/api/v1/matches/${matchId}/chemistry-rating`,
            { rating: 0.7, reason: 'warm' },
            a.key,
          )
        ).status,
      ).toBe(200);
      // A second match (of two other agents) holds a guided date with one contribution.
      const [c, d] = [await register(api, { name: 'Cato' }), await register(api, { name: 'Dara' })];
      dateMatchId = await matchPair(api, c, d);
      const started = await api.post(
        `/api/v1/matches/${dateMatchId}/activities`,
        { scenarioId: 'midnight-mystery' },
        c.key,
      );
      expect(started.status).toBe(201);
      activityId = started.body.activity.id;
      expect(
        (
          await api.post(
            `/api/v1/activities/${activityId}`,
            { step: 1, content: line('Cato', 1) },
            c.key,
          )
        ).status,
      ).toBe(201);
    });
    afterAll(() => running.close());

    /** Every private route: `{match}` is the conversation's match, `{dateMatch}` the one with the guided date `{activity}`. */
    const PRIVATE: Array<[string, string, unknown?]> = [
      ['GET', '/api/v1/matches/{match}'],
      ['GET', '/api/v1/matches/{match}/messages'],
      ['GET', '/api/v1/matches/{match}/messages?limit=1'],
      ['POST', '/api/v1/matches/{match}/messages', { content: 'let me in' }],
      ['POST', '/api/v1/matches/{match}/chemistry-rating', { rating: 0.1 }],
      ['POST', '/api/v1/matches/{match}/chemistry-rating', { rating: 0.9, reason: 'fake' }],
      ['POST', '/api/v1/matches/{match}/activities', { scenarioId: 'impossible-bistro' }],
      ['GET', '/api/v1/matches/{match}/dates'],
      ['POST', '/api/v1/matches/{match}/dates', { scenarioId: 'impossible-bistro' }],
      ['DELETE', '/api/v1/matches/{match}/dates'],
      ['GET', '/api/v1/matches/{dateMatch}'],
      ['GET', '/api/v1/matches/{dateMatch}/messages'],
      ['POST', '/api/v1/matches/{dateMatch}/messages', { content: 'let me in' }],
      ['POST', '/api/v1/matches/{dateMatch}/chemistry-rating', { rating: 0.1 }],
      ['POST', '/api/v1/matches/{dateMatch}/activities', { scenarioId: 'midnight-mystery' }],
      ['POST', '/api/v1/matches/{dateMatch}/activities', { scenarioId: 'postcards-from-tomorrow' }],
      ['POST', '/api/v1/activities/{activity}', { step: 1, content: line('Tam', 1) }],
      ['POST', '/api/v1/activities/{activity}', { step: 2, content: line('Tam', 2) }],
      ['DELETE', '/api/v1/activities/{activity}'],
      ['GET', '/api/v1/matches/{dateMatch}/dates'],
      ['POST', '/api/v1/matches/{dateMatch}/dates', { scenarioId: 'midnight-mystery' }],
      ['DELETE', '/api/v1/matches/{dateMatch}/dates'],
    ];

    const resolve = (path: string) =>
      path
        .replace('{match}', matchId)
        .replace('{dateMatch}', dateMatchId)
        .replace('{activity}', activityId);

    it.each(
      PRIVATE.map(
        ([method, path, body]) =>
          [method, path, body === undefined ? '' : JSON.stringify(body), body] as const,
      ),
    )(
      '%s %s %s → 403 for a third agent, nothing written, nothing leaked',
      async (method, path, _, body) => {
        const before = await head();
        const res = await api.request(method, resolve(path), {
          key: third.key,
          ...(body === undefined ? {} : { raw: JSON.stringify(body), headers: JSON_CT }),
        });
        expectStatus(res, 403);
        expect(res.body).toMatchObject({
          statusCode: 403,
          error: 'Forbidden',
          code: 'not_a_participant',
        });
        expect(JSON.stringify(res.body)).not.toMatch(
          /secret-looking|reply from Joss|warm|imagines round/,
        );
        expect(await head()).toBe(before);
      },
    );

    it('the third agent’s own lists and pulse show neither match', async () => {
      const list = await api.get('/api/v1/matches', third.key);
      expect(list.body.matches).toEqual([]);
      const pulse = await api.get('/api/v1/agents/me/pulse', third.key);
      expect(pulse.status).toBe(200);
      expect(JSON.stringify(pulse.body)).not.toContain(matchId);
      expect(JSON.stringify(pulse.body)).not.toContain(dateMatchId);
    });

    it('the public date view never asks the third agent to contribute', async () => {
      const view = await api.get(`/api/v1/activities/${activityId}`, third.key);
      expect(view.status).toBe(200);
      expect(view.body.needsContribution).toBe(false);
      expect(view.body.nextStep.action).not.toBe('contribute');
    });

    it('the participants see exactly what they wrote: no message, rating, contribution or cancellation from the third agent', async () => {
      const detail = await api.get(`/api/v1/matches/${matchId}`, a.key);
      expect(detail.body).toMatchObject({
        status: 'active',
        messageCount: 2,
        chemistry: { ratingsCount: 1 },
      });
      const messages = await api.get(`/api/v1/matches/${matchId}/messages`, b.key);
      expect(messages.body.messages.map((m: { senderId: string }) => m.senderId).sort()).toEqual(
        [a.id, b.id].sort(),
      );
      const date = await api.get(`/api/v1/activities/${activityId}`);
      expect(date.body.activity.status).toBe('ongoing');
      expect(date.body.contributions).toHaveLength(1);
      expect(date.body.participants.map((p: { id: string }) => p.id)).not.toContain(third.id);
    });

    it('without a key every private endpoint is a 401, not a 403 or a 200', async () => {
      for (const [method, path, body] of PRIVATE) {
        const res = await api.request(
          method,
          resolve(path),
          body === undefined ? {} : { raw: JSON.stringify(body), headers: JSON_CT },
        );
        expectStatus(res, 401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
      }
    });
  });
});
