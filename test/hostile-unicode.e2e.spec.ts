import { agentInput, Client, RunningApp } from './support/app';
import { Agent, SENTINEL } from './support/hostile-input';
import { JSON_CT, expectStatus, expectErrorBody } from './support/http';
import { hostileWorld } from './support/hostile-world';

/**
 * Hostile input (issue "Hostile input"): Unicode that is unusual, invalid or long: stored and
 * returned exactly, lengths counted in code points. Each answer is a clear 4xx with the README's
 * error body, nothing is appended to the event store (its head does not move), and the service
 * keeps serving (GET /api/health stays 200). The app and its agents: test/support/hostile-world.ts.
 */
describe('Hostile input (e2e over HTTP)', () => {
  const { nothingWritten, fixtures } = hostileWorld();
  let running: RunningApp;
  let api: Client;
  let a: Agent;
  let b: Agent;
  let d: Agent;
  let chatMatch: string;
  let activityId: string;
  beforeAll(() => {
    ({ running, api, a, b, d, chatMatch, activityId } = fixtures());
  });

  describe('unicode', () => {
    const TEXTS: Array<[string, string]> = [
      ['emoji', 'Ada 💘🦄'],
      ['right-to-left text', 'مرحبا بالعالم'],
      ['a right-to-left override', 'abc\u202Egnp.exe'],
      ['zero-width joiners (a family emoji)', '👨‍👩‍👧 family'],
      ['zero-width space and non-joiner', 'a\u200Bb\u200Cc'],
      ['combining marks', 'e\u0301\u0302\u0303 Zalgơ̸̢'],
      ['a NUL character', 'nul\u0000inside'],
      ['other C0 controls', 'bell\u0007 esc\u001b[31m red'],
      ['a BOM and a non-character', '\uFEFFbom \uFFFF'],
      ['astral plane letters', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢'],
    ];

    it.each(TEXTS)('a name and bio with %s are stored and returned exactly', async (_, text) => {
      const res = await api.post(
        '/api/v1/agents',
        agentInput({ name: text, bio: `bio: ${text}`, interests: [text] }),
      );
      expect(res.status).toBe(201);
      const view = await api.get(`/api/v1/agents/${res.body.agent.id}`);
      expect(view.status).toBe(200);
      expect([view.body.name, view.body.bio, view.body.interests]).toEqual([
        text,
        `bio: ${text}`,
        [text],
      ]);
    });

    it.each(TEXTS)('a message with %s is stored and returned exactly', async (_, text) => {
      const sent = await api.post(
        `/api/v1/matches/${chatMatch}/messages`,
        { content: text },
        b.key,
      );
      expect(sent.status).toBe(201);
      expect(sent.body.message.content).toBe(text);
      const list = await api.get(`/api/v1/matches/${chatMatch}/messages?limit=1`, a.key);
      expect(list.body.messages[0].content).toBe(text);
    });

    // Decision: a lone surrogate (`\ud800` in raw JSON) is not valid Unicode text but is valid JSON. The
    // service stores it losslessly: the event log and the read models hold JSON, which escapes it, so
    // it comes back as the same `\ud800` escape. This suite asserts that lossless round trip.
    it.each([
      ['a lone high surrogate', '\\ud800', '\ud800'],
      ['a lone low surrogate', '\\udfff', '\udfff'],
      ['a reversed pair', '\\udc00\\ud800', '\udc00\ud800'],
      ['a high surrogate before a letter', '\\ud83dx', '\ud83dx'],
    ])(
      '%s in raw JSON is stored losslessly (name, interests, message)',
      async (_, escaped, decoded) => {
        const body = JSON.stringify(agentInput({ name: SENTINEL, interests: [SENTINEL] }))
          .split(`"${SENTINEL}"`)
          .join(`"x${escaped}"`);
        const res = await api.request('POST', '/api/v1/agents', { raw: body, headers: JSON_CT });
        expect(res.status).toBe(201);
        const view = await api.get(`/api/v1/agents/${res.body.agent.id}`);
        expect([view.body.name, view.body.interests[0]]).toEqual([`x${decoded}`, `x${decoded}`]);
        const sent = await api.request('POST', `/api/v1/matches/${chatMatch}/messages`, {
          raw: `{"content":"m${escaped}"}`,
          headers: JSON_CT,
          key: a.key,
        });
        expect(sent.status).toBe(201);
        const list = await api.get(`/api/v1/matches/${chatMatch}/messages?limit=1`, b.key);
        expect(list.body.messages[0].content).toBe(`m${decoded}`);
      },
    );

    it('bytes that are not UTF-8 are refused or replaced, never a 5xx', async () => {
      const raw = Buffer.concat([
        Buffer.from('{"content":"'),
        Buffer.from([0xff, 0xfe, 0xc0, 0xaf]),
        Buffer.from('"}'),
      ]);
      const res = await fetch(`${running.baseUrl}/api/v1/matches/${chatMatch}/messages`, {
        method: 'POST',
        headers: { ...JSON_CT, authorization: `Bearer ${a.key}` },
        body: raw,
      });
      expect(res.status).toBeLessThan(500);
      expect((await api.get('/api/health')).status).toBe(200);
    });

    it('lengths count code points: 100 four-byte emoji are a valid name, 101 are a 400', async () => {
      const ok = await api.post('/api/v1/agents', agentInput({ name: '😀'.repeat(100) }));
      expect(ok.status).toBe(201);
      expect([...ok.body.agent.name]).toHaveLength(100);
      expectErrorBody(
        await nothingWritten(() =>
          api.post('/api/v1/agents', agentInput({ name: '😀'.repeat(101) })),
        ),
        400,
      );
    });

    it('lengths count code points everywhere: interests 100/101, a message 5000/5001 emoji, a contribution of 9 emoji', async () => {
      expect(
        (await api.post('/api/v1/agents', agentInput({ interests: ['🌙'.repeat(100)] }))).status,
      ).toBe(201);
      expectErrorBody(
        await nothingWritten(() =>
          api.post('/api/v1/agents', agentInput({ interests: ['🌙'.repeat(101)] })),
        ),
        400,
      );
      expect(
        (
          await api.post(
            `/api/v1/matches/${chatMatch}/messages`,
            { content: '💬'.repeat(5000) },
            a.key,
          )
        ).status,
      ).toBe(201);
      expectErrorBody(
        await nothingWritten(() =>
          api.post(`/api/v1/matches/${chatMatch}/messages`, { content: '💬'.repeat(5001) }, a.key),
        ),
        400,
      );
      expectErrorBody(
        await nothingWritten(() =>
          api.post(`/api/v1/activities/${activityId}`, { step: 1, content: '✨'.repeat(9) }, d.key),
        ),
        400,
      );
    });

    it('a combining sequence counts each code point: e + 99 accents is 100, e + 100 accents is a 400', async () => {
      expect(
        (await api.post('/api/v1/agents', agentInput({ name: 'e' + '\u0301'.repeat(99) }))).status,
      ).toBe(201);
      expectErrorBody(
        await nothingWritten(() =>
          api.post('/api/v1/agents', agentInput({ name: 'e' + '\u0301'.repeat(100) })),
        ),
        400,
      );
    });

    it('a name of Unicode white space only (ideographic space, NBSP, em space) is blank → 400', async () => {
      expectErrorBody(
        await nothingWritten(() =>
          api.post('/api/v1/agents', agentInput({ name: '\u3000\u00A0\u2003\n\t' })),
        ),
        400,
      );
    });

    // Found by this suite (fixed): validator.js's isLength did not count variation selectors.
    it('lengths count every code point, variation selectors too', async () => {
      expectErrorBody(
        await nothingWritten(() =>
          api.post('/api/v1/agents', agentInput({ name: 'a\uFE0F'.repeat(100) })),
        ),
        400,
      );
      expectStatus(
        await api.post('/api/v1/agents', agentInput({ name: 'a\uFE0F'.repeat(50) })),
        201,
      );
    });
  });
});
