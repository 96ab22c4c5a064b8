import { agentInput, register, Response, Client } from './support/app';
import {
  Agent,
  BODY_LIMIT,
  TRAITS,
  SENTINEL,
  rawWith,
  rawPrefixed,
  WRONG,
} from './support/hostile-input';
import { JSON_CT, expectStatus, expectErrorBody } from './support/http';
import { hostileWorld } from './support/hostile-world';

/**
 * Hostile input (issue "Hostile input"): Every JSON-body endpoint gets malformed, mistyped,
 * oversized, unknown and polluting bodies, and null for each field. Each answer is a clear 4xx with
 * the README's error body, nothing is appended to the event store (its head does not move), and the
 * service keeps serving (GET /api/health stays 200). The app and its agents:
 * test/support/hostile-world.ts.
 */
describe('Hostile input (e2e over HTTP)', () => {
  const { ENDPOINTS, nothingWritten, fixtures } = hostileWorld();
  let api: Client;
  let a: Agent;
  beforeAll(() => {
    ({ api, a } = fixtures());
  });

  describe.each(ENDPOINTS)('$name', (endpoint) => {
    const send = (raw: string, headers: Record<string, string> = JSON_CT) =>
      api.request(endpoint.method, endpoint.path(), { raw, headers, key: endpoint.key() });
    const sendBody = (body: unknown) => send(JSON.stringify(body));
    const refused = async (run: () => Promise<Response>, status: number | number[] = 400) =>
      expectErrorBody(await nothingWritten(run), status);
    const stringFields = Object.entries(endpoint.fields)
      .filter(
        ([, t]) =>
          t === 'string' || t === 'optional-string' || t === 'nullable-string' || t === 'enum',
      )
      .map(([name]) => name);

    it.each([
      ['an unfinished object', '{"a":'],
      ['a lone brace', '{'],
      ['unquoted keys', '{a:1}'],
      ['single quotes', "{'a':1}"],
      ['a trailing comma', '{"a":1,}'],
      ['a trailing brace', '{"a":1}}'],
      ['two documents', '{}{}'],
      ['an empty body', ''],
      ['whitespace only', '  \n '],
      ['a bad escape', '{"a":"\\x"}'],
      ['a leading zero', '{"a":01}'],
      ['NaN', '{"a":NaN}'],
      ['Infinity', '{"a":Infinity}'],
      ['undefined', '{"a":undefined}'],
      ['a comment', '{/* c */}'],
    ])('malformed JSON (%s) → 400', async (_, raw) => {
      await refused(() => send(raw));
    });

    it.each([
      ['text/plain', 'text/plain'],
      ['text/plain with a charset', 'text/plain; charset=utf-8'],
      ['multipart/form-data', 'multipart/form-data; boundary=x'],
      ['application/xml', 'application/xml'],
      ['text/json', 'text/json'],
      ['application/json-patch+json', 'application/json-patch+json'],
      ['application/octet-stream', 'application/octet-stream'],
    ])('a valid body sent as %s → 415', async (_, contentType) => {
      await refused(
        () => send(JSON.stringify(endpoint.valid()), { 'content-type': contentType }),
        415,
      );
    });

    it('an application/x-www-form-urlencoded body is refused (4xx) and writes nothing', async () => {
      await refused(
        () => send('a=b&c=d', { 'content-type': 'application/x-www-form-urlencoded' }),
        [400, 415],
      );
    });
    it.each([
      ['an array', '[]'],
      ['an array holding the valid body', 'VALID_IN_ARRAY'],
      ['null', 'null'],
      ['a number', '42'],
      ['a negative number', '-1'],
      ['a string', '"x"'],
      ['true', 'true'],
      ['false', 'false'],
    ])('a JSON body that is not an object (%s) → 400', async (_, raw) => {
      await refused(() =>
        send(raw === 'VALID_IN_ARRAY' ? JSON.stringify([endpoint.valid()]) : raw),
      );
    });

    const wrongCases = Object.entries(endpoint.fields).flatMap(([field, type]) =>
      WRONG[type].map((value) => [field, JSON.stringify(value).slice(0, 60), value] as const),
    );
    it.each(wrongCases)(
      'field %s with a wrong type or out-of-range value (%s) → 400',
      async (field, _, value) => {
        await refused(() => sendBody({ ...endpoint.valid(), [field]: value }));
      },
    );

    it.each(Object.keys(endpoint.fields))(
      '1e999 and -1e999 (Infinity once parsed) in %s → 400',
      async (field) => {
        await refused(() => send(rawWith(endpoint.valid(), field, '1e999')));
        await refused(() => send(rawWith(endpoint.valid(), field, '-1e999')));
      },
    );

    it.each([
      ['extra', 1],
      ['id', '00000000-0000-4000-8000-000000000000'],
      ['agentId', 'someone-else'],
      ['senderId', 'someone-else'],
      ['status', 'completed'],
      ['$where', '1'],
      ['', 'empty key'],
    ])('an unknown field (%s) → 400', async (field, value) => {
      await refused(() => sendBody({ ...endpoint.valid(), [field]: value }));
    });

    if (
      endpoint.method === 'POST' &&
      Object.values(endpoint.fields).every((t) => t !== 'nullable-string')
    ) {
      it('an empty object (required fields missing) → 400', async () => {
        await refused(() => sendBody({}));
      });
    }

    it.each(stringFields)(
      'a string of 60 000 characters in %s (under the body limit) → 400',
      async (field) => {
        await refused(() => sendBody({ ...endpoint.valid(), [field]: 'x'.repeat(60_000) }));
      },
    );

    it.each(stringFields)(
      'a string of 100 000 characters in %s (over the body limit) → 413',
      async (field) => {
        await refused(() => sendBody({ ...endpoint.valid(), [field]: 'x'.repeat(100_000) }), 413);
      },
    );

    it.each(stringFields)(
      '20 000 emoji in %s (40 000 UTF-16 units, 80 000 bytes) → 413: the limit counts bytes',
      async (field) => {
        await refused(() => sendBody({ ...endpoint.valid(), [field]: '😀'.repeat(20_000) }), 413);
      },
    );

    it('a body of exactly 64 KiB is read (then refused for its unknown field: 400); one byte more is a 413', async () => {
      const sized = (bytes: number) => {
        const base = JSON.stringify({ ...endpoint.valid(), pad: '' });
        const raw = JSON.stringify({
          ...endpoint.valid(),
          pad: 'x'.repeat(bytes - Buffer.byteLength(base)),
        });
        expect(Buffer.byteLength(raw)).toBe(bytes);
        return raw;
      };
      await refused(() => send(sized(BODY_LIMIT)), 400);
      await refused(() => send(sized(BODY_LIMIT + 1)), 413);
      await refused(() => sendBody({ ...endpoint.valid(), pad: 'x'.repeat(1_000_000) }), 413);
    });

    it.each([
      [
        '__proto__ at the top',
        (v: Record<string, unknown>) => rawPrefixed(v, '"__proto__":{"polluted":"yes"}'),
      ],
      [
        'constructor.prototype at the top',
        (v: Record<string, unknown>) =>
          rawPrefixed(v, '"constructor":{"prototype":{"polluted":"yes"}}'),
      ],
      [
        '__proto__ nested in an unknown field',
        (v: Record<string, unknown>) => rawPrefixed(v, '"x":{"__proto__":{"polluted":"yes"}}'),
      ],
      [
        '__proto__ nested in an array',
        (v: Record<string, unknown>) => rawPrefixed(v, '"x":[{"__proto__":{"polluted":"yes"}}]'),
      ],
      [
        'escaped \\u005f_proto__',
        (v: Record<string, unknown>) => rawPrefixed(v, '"\\u005f_proto__":{"polluted":"yes"}'),
      ],
    ])('prototype pollution (%s) → 400, nothing polluted', async (_, build) => {
      await refused(() => send(build(endpoint.valid())));
    });

    if (Object.values(endpoint.fields).includes('traits')) {
      it('prototype pollution inside personalityTraits → 400, nothing polluted', async () => {
        const raw = JSON.stringify({ ...endpoint.valid(), personalityTraits: SENTINEL }).replace(
          `"${SENTINEL}"`,
          `{"__proto__":{"polluted":"yes"},${JSON.stringify(TRAITS).slice(1)}`,
        );
        await refused(() => send(raw));
      });
    }

    it('unknown fields named like Object.prototype members never pollute and never fail the server', async () => {
      for (const name of [
        'constructor',
        'prototype',
        'toString',
        'valueOf',
        'hasOwnProperty',
        '__defineGetter__',
      ]) {
        const res = await send(rawPrefixed(endpoint.valid(), `"${name}":{"polluted":"yes"}`));
        expect({ name, status: res.status < 500 }).toEqual({ name, status: true });
      }
    });
    it('the valid body is accepted (the cases above failed for their hostile part only)', async () => {
      const res = await sendBody(endpoint.valid());
      expectStatus(res, endpoint.ok);
      expect((await api.get('/api/health')).status).toBe(200);
    });
  });

  describe('null for a field', () => {
    // Observed, not documented: `null` for an optional text is taken for an absent field (class-validator's
    // IsOptional skips null). Either a 400 or that reading is acceptable; the profile must stay well formed.
    it.each(['backstory', 'avatarUrl', 'framework', 'source'])(
      'registration with %s: null → 400, or 201 reading it as absent',
      async (field) => {
        const res = await api.post('/api/v1/agents', agentInput({ [field]: null }));
        expectStatus(res, [201, 400]);
        if (res.status === 201) {
          expect(res.body.agent).toMatchObject({
            backstory: null,
            avatarUrl: null,
            framework: 'unspecified',
          });
          expect(JSON.stringify(res.body.agent)).not.toContain('source');
        }
        expect((await api.get('/api/health')).status).toBe(200);
      },
    );

    it.each(['backstory', 'avatarUrl'])(
      'PATCH /agents/me with %s: null → 400, or 200 clearing it; the service stays healthy',
      async (field) => {
        const e = await register(api, {
          backstory: 'A past.',
          avatarUrl: 'https://example.com/e.png',
        });
        const res = await api.patch('/api/v1/agents/me', { [field]: null }, e.key);
        expectStatus(res, [200, 400]);
        if (res.status === 200) expect(res.body.agent[field]).toBeNull();
        expect((await api.get('/api/health')).status).toBe(200);
      },
    );

    // Found by this suite (fixed): UpdateProfileDto's @IsOptional() let null through, which wrote a null
    // name and made the discovery projection fail on the event (health 503, also after a rebuild).
    it.each(['name', 'bio', 'interests', 'personalityTraits', 'backstory', 'avatarUrl'])(
      'PATCH /agents/me {"%s": null} → 400, nothing written, health stays 200',
      async (field) => {
        expectErrorBody(
          await nothingWritten(() => api.patch('/api/v1/agents/me', { [field]: null }, a.key)),
          400,
        );
      },
    );
  });
});
