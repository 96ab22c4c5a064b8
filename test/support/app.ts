import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig, Clock, loadConfig } from '@companion/platform';
import { createApp } from '../../apps/api/src/bootstrap';
import { contractOf } from './contract';
import { freePort } from './process';

/** The Big Five of every test agent unless a test says otherwise. */
export const TRAITS = {
  openness: 0.8,
  conscientiousness: 0.6,
  extraversion: 0.4,
  agreeableness: 0.7,
  neuroticism: 0.3,
};

export interface RunningApp {
  app: NestFastifyApplication;
  baseUrl: string;
  dataDir: string;
  close(): Promise<void>;
}

/** Starts the real application on a free loopback port, on the embedded stores in a fresh directory. */
export async function startApp(
  options: { dataDir?: string; clock?: Clock; env?: Record<string, string> } = {},
): Promise<RunningApp> {
  // `npm run test:production` points the HTTP-only suites at the compose stack's balancer.
  const remote = process.env.E2E_BASE_URL;
  if (remote)
    return {
      get app(): NestFastifyApplication {
        throw new Error('this test reads the in-process app: it cannot run against E2E_BASE_URL');
      },
      baseUrl: remote.replace(/\/+$/, ''),
      dataDir: '',
      close: async () => {},
    };
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'companion-e2e-'));
  // The port is known before start so that PUBLIC_BASE_URL (links in responses) is right.
  const port = await freePort();
  const config: AppConfig = loadConfig({
    RATE_LIMITS: 'off',
    FREEZE_SHARED: 'on',
    ...options.env,
    DATA_DIR: dataDir,
    PORT: String(port),
  });
  const app = await createApp({ config, clock: options.clock, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, baseUrl: `http://127.0.0.1:${port}`, dataDir, close: () => app.close() };
}

export interface Response<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small HTTP client over fetch: JSON in, JSON out, an optional Bearer key. */
export function client(baseUrl: string) {
  async function request<T = any>(
    method: string,
    path: string,
    options: { body?: unknown; key?: string; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<Response<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    // Every response the suite sees is held to the OpenAPI document (test/support/contract.ts).
    (await contractOf(baseUrl)).check(
      method,
      `${baseUrl}${path}`,
      res.status,
      res.headers.get('content-type'),
      parsed,
    );
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
  return {
    request,
    get: <T = any>(path: string, key?: string) => request<T>('GET', path, { key }),
    post: <T = any>(path: string, body?: unknown, key?: string) =>
      request<T>('POST', path, { body, key }),
    patch: <T = any>(path: string, body?: unknown, key?: string) =>
      request<T>('PATCH', path, { body, key }),
    delete: <T = any>(path: string, key?: string) => request<T>('DELETE', path, { key }),
  };
}

export type Client = ReturnType<typeof client>;

let counter = 0;

/** A valid registration body; override any field. */
export function agentInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    name: `Agent ${counter}`,
    bio: 'A fictional persona who enjoys long walks through well-indexed data.',
    personalityTraits: TRAITS,
    interests: ['poetry', 'astronomy'],
    ...overrides,
  };
}

export async function register(
  api: Client,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; key: string; agent: any }> {
  const res = await api.post('/api/v1/agents', agentInput(overrides));
  if (res.status !== 201)
    throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.agent.id, key: res.body.apiKey, agent: res.body.agent };
}

/** Two agents like each other; answers the match id. */
export async function matchPair(
  api: Client,
  a: { id: string; key: string },
  b: { id: string; key: string },
): Promise<string> {
  await api.post('/api/v1/swipe', { targetAgentId: b.id, liked: true }, a.key);
  const res = await api.post('/api/v1/swipe', { targetAgentId: a.id, liked: true }, b.key);
  if (!res.body?.match?.id) throw new Error(`no match: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.match.id;
}

/** Polls `probe` until it returns a value; the limit is generous and nothing asserts a duration. */
export async function until<T>(
  what: string,
  probe: () => T | undefined,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
