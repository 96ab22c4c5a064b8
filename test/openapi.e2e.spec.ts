import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { RunningApp, startApp } from './support/app';
import { documentedOperations, servedOpenApi } from './support/routes';

const run = promisify(execFile);
type Json = Record<string, any>;

/** Operations that work without a key and are personalised by one (spec §4, "Optional"). */
const OPTIONAL_KEY = ['getMixer', 'getActivity'];

describe('the OpenAPI document', () => {
  let running: RunningApp;
  let doc: Json;
  const operations: Array<{ path: string; method: string; op: Json }> = [];

  beforeAll(async () => {
    running = await startApp();
    doc = await servedOpenApi(running.baseUrl);
    operations.push(...documentedOperations(doc));
  });
  afterAll(() => running.close());

  it('is OpenAPI 3.1 with every operation named, summarised and tagged', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(operations.length).toBeGreaterThanOrEqual(35);
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of operations) {
      const where = `${method} ${path}`;
      expect([where, op.operationId]).toEqual([where, expect.stringMatching(/^[a-z][A-Za-z]+$/)]);
      expect([where, op.summary]).toEqual([where, expect.any(String)]);
      expect([where, op.tags?.length]).toEqual([where, 1]);
    }
  });

  it('gives every 2xx a body schema and every error the one error schema', () => {
    for (const { path, method, op } of operations) {
      const where = `${method} ${path}`;
      const statuses = Object.keys(op.responses);
      if (op.operationId !== 'legacyEndDate')
        expect([where, statuses.some((s) => s.startsWith('2'))]).toEqual([where, true]);
      for (const [status, response] of Object.entries<Json>(op.responses)) {
        const content = response.content ?? {};
        expect([where, status, Object.keys(content).length]).toEqual([where, status, 1]);
        const [media, { schema }] = Object.entries<Json>(content)[0];
        if (status.startsWith('2')) {
          if (media === 'application/json')
            expect([where, schema.$ref]).toEqual([where, expect.any(String)]);
        } else if (op.operationId !== 'getHealth') {
          expect([where, status, schema]).toEqual([
            where,
            status,
            { $ref: '#/components/schemas/ErrorResponse' },
          ]);
        }
      }
    }
    const media = (id: string) =>
      Object.keys(operations.find(({ op }) => op.operationId === id)!.op.responses['200'].content);
    expect(media('streamFeed')).toEqual(['text/event-stream']);
    expect(media('getMixerCalendar')).toEqual(['text/calendar']);
  });

  it('describes security as it is: a key, none, or either', () => {
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.apiKey.description).toContain('companion_sk_');
    const security = (id: string) =>
      operations.find(({ op }) => op.operationId === id)!.op.security;
    expect(security('getPulse')).toEqual([{ apiKey: [] }]);
    expect(security('registerAgent')).toEqual([]);
    expect(security('getFeed')).toEqual([]);
    for (const id of OPTIONAL_KEY) expect(security(id)).toEqual([{}, { apiKey: [] }]);
    for (const { op } of operations)
      if (op.security.some((s: Json) => 'apiKey' in s)) expect(op.responses['401']).toBeDefined();
  });

  it('closes request bodies, types integers as integers, and allows null where null is sent', () => {
    for (const { op } of operations) {
      const ref = op.requestBody?.content['application/json'].schema.$ref;
      if (ref)
        expect(doc.components.schemas[ref.split('/').pop()].additionalProperties).toBe(false);
      for (const p of op.parameters ?? [])
        if (p.name === 'limit')
          expect([op.operationId, p.schema.type]).toEqual([op.operationId, 'integer']);
    }
    const s = doc.components.schemas;
    expect(s.ContributionDto.properties.step.type).toBe('integer');
    expect(s.UpdateProfileDto.properties.sceneId.type).toEqual(['string', 'null']);
    expect(s.RegisteredAgent.properties.apiKey.pattern).toBe('^companion_sk_[A-Za-z0-9_-]{43}$');
    expect(s.Pulse.properties.stateToken.pattern).toBe('^[0-9a-f]{64}$');
    expect(JSON.stringify(doc)).not.toContain('"nullable"');
  });

  it('is what the SDK types were generated from (UPDATE_SDK=1 writes them anew)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'companion-sdk-'));
    const input = join(dir, 'openapi.json');
    const output = join(dir, 'schema.d.ts');
    // The document names the server it was served by; the types do not depend on it.
    writeFileSync(input, JSON.stringify(doc).split(running.baseUrl).join('http://127.0.0.1:3000'));
    const bin = join(__dirname, '..', 'node_modules', '.bin', 'openapi-typescript');
    await run(bin, [input, '-o', output]);
    const generated = readFileSync(output, 'utf8');
    const committed = join(__dirname, '..', 'libs', 'sdk', 'src', 'schema.d.ts');
    if (process.env.UPDATE_SDK === '1') writeFileSync(committed, generated);
    expect(readFileSync(committed, 'utf8')).toBe(generated);
  });

  it('passes `redocly lint` (recommended rules) without an error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'companion-openapi-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const bin = join(__dirname, '..', 'node_modules', '.bin', 'redocly');
    const config = join(__dirname, '..', 'redocly.yaml');
    // Exit code 1 means errors; warnings (explained in redocly.yaml) keep it 0.
    const { stdout, stderr } = await run(
      bin,
      ['lint', '--config', config, '--format', 'summary', file],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((error: { stdout: string; stderr: string }) => {
      throw new Error(`redocly lint failed:\n${error.stdout}\n${error.stderr}`);
    });
    expect(`${stdout}${stderr}`).not.toMatch(/^error /m);
  });
});

describe('documentation served by the service', () => {
  let running: RunningApp;
  beforeAll(async () => {
    running = await startApp();
  });
  afterAll(() => running.close());

  it('serves the interactive reference with its own assets (no CDN)', async () => {
    const page = await fetch(`${running.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const source of sources) {
      expect(source.startsWith('/api/docs/')).toBe(true);
      const asset = await fetch(`${running.baseUrl}${source}`);
      expect([source, asset.status]).toEqual([source, 200]);
      expect((await asset.text()).length).toBeGreaterThan(10);
    }
    const init = await (await fetch(`${running.baseUrl}/api/docs/init.js`)).text();
    expect(init).toContain('/api/v1/openapi.json');
  });

  it('serves /llms.txt: what the service is, auth, the loop, limits and links', async () => {
    const res = await fetch(`${running.baseUrl}/llms.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/^# Companion/);
    for (const needle of [
      'Authorization: Bearer',
      'stateToken',
      'retryAfter',
      `${running.baseUrl}/api/v1/openapi.json`,
      `${running.baseUrl}/api/docs`,
      'never an instruction',
      'registration: 5 per 60 s per ip',
    ])
      expect(text).toContain(needle);
  });

  it('answers browsers from any origin on the API and the document, never on the owner pages', async () => {
    const origin = 'https://elsewhere.example';
    const preflight = await fetch(`${running.baseUrl}/api/v1/swipe`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    for (const path of ['/api/v1/openapi.json', '/api/v1/feed', '/api/health', '/llms.txt']) {
      const res = await fetch(`${running.baseUrl}${path}`, { headers: { origin } });
      expect([path, res.headers.get('access-control-allow-origin')]).toEqual([path, '*']);
    }
    const owner = await fetch(`${running.baseUrl}/owner`, { headers: { origin } });
    expect(owner.headers.get('access-control-allow-origin')).toBeNull();
    const ownerPreflight = await fetch(`${running.baseUrl}/owner/api/session`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(ownerPreflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
