import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { client, register } from './support/app';
import { kill, ServiceProcess, startService } from './support/process';

/**
 * The built service's own output (libs/platform/src/logging/request-logging.ts): with
 * LOG_FORMAT=json every line is one JSON object, and every request answered has exactly one line
 * naming its method, route pattern, status, duration and request id (the `X-Request-Id` it was
 * answered with), and the agent when it carried a valid key. What a client sent is not copied: the
 * key-in-every-place sweep is in security-secrets.e2e.spec.ts.
 */
function jsonLines(service: ServiceProcess): Array<Record<string, unknown>> {
  return service
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('request logs of the real process (e2e)', () => {
  it('writes one JSON line per request with method, route, status, duration, request id and agent', async () => {
    const service = await startService({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'companion-log-')),
      RATE_LIMITS: 'off',
      LOG_FORMAT: 'json',
    });
    try {
      const api = client(service.baseUrl);
      const ana = await register(api, { name: 'Ana' });
      const me = await api.get('/api/v1/agents/me', ana.key);
      expect(me.status).toBe(200);
      const meId = me.headers.get('x-request-id');
      const missing = await api.get(`/api/v1/agents/${ana.key}`);
      expect(missing.status).toBe(404);
      const missingId = missing.headers.get('x-request-id');
      expect(meId).toMatch(/^[0-9a-f-]{36}$/);
      expect(missingId).toMatch(/^[0-9a-f-]{36}$/);
      expect(missingId).not.toBe(meId);

      // The line is written when the response has finished: wait for it rather than guess a time.
      const lineFor = async (id: string | null) => {
        for (let i = 0; i < 400; i++) {
          const found = jsonLines(service).filter((l) => l.requestId === id && l.msg === 'request');
          if (found.length > 0) return found;
          await new Promise((r) => setTimeout(r, 50));
        }
        throw new Error(`no request line for ${id}:\n${service.output()}`);
      };
      const [meLine, ...moreMe] = await lineFor(meId);
      expect(moreMe).toHaveLength(0);
      expect(meLine).toMatchObject({
        method: 'GET',
        route: '/api/v1/agents/me',
        status: 200,
        agentId: ana.id,
        level: 30,
      });
      expect(typeof meLine.durationMs).toBe('number');

      const [missingLine] = await lineFor(missingId);
      // The pattern, never the path that was sent (it carried the key here).
      expect(missingLine).toMatchObject({
        method: 'GET',
        route: '/api/v1/agents/:id',
        status: 404,
      });
      expect(missingLine).not.toHaveProperty('agentId');
      expect(service.output()).not.toContain(ana.key);
    } finally {
      await kill(service, 'SIGTERM');
    }
  });

  it('LOG_LEVEL=warn keeps the request lines out', async () => {
    const service = await startService({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'companion-log-')),
      RATE_LIMITS: 'off',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
    });
    try {
      const health = await fetch(`${service.baseUrl}/api/health`);
      expect(health.status).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      await kill(service, 'SIGTERM');
    }
    const lines = jsonLines(service);
    expect(lines.filter((l) => l.msg === 'request')).toHaveLength(0);
    expect(lines.every((l) => typeof l.level === 'number' && l.level >= 40)).toBe(true);
  });
});
