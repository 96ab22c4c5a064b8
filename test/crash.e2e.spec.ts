import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentInput, client, startApp } from './support/app';
import { kill, startService } from './support/process';
import { dumpReadModels, rebuildAll } from './support/read-models';

/**
 * Durability of the embedded store: registrations run concurrently against the real service
 * process, which is killed with SIGKILL in the middle of the load. Every write acknowledged with a
 * 201 must be there after a restart on the same data directory, exactly once.
 */
describe('crash safety (SIGKILL under concurrent writes)', () => {
  jest.setTimeout(60_000);

  it('keeps every acknowledged registration, once, and resumes the projections into read models equal to a rebuild', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'companion-crash-'));
    const env = { DATA_DIR: dataDir, RATE_LIMITS: 'off' };
    const first = await startService(env);
    const api = client(first.baseUrl);
    const acked: Array<{ id: string; key: string }> = [];
    let stop = false;
    const worker = async () => {
      while (!stop) {
        try {
          const res = await api.post('/api/v1/agents', agentInput());
          if (res.status === 201) acked.push({ id: res.body.agent.id, key: res.body.apiKey });
        } catch {
          return; // the process is gone
        }
      }
    };
    const workers = Array.from({ length: 16 }, worker);
    while (acked.length < 150) await new Promise((r) => setTimeout(r, 10));
    await kill(first, 'SIGKILL');
    stop = true;
    await Promise.all(workers);
    expect(first.output()).not.toContain('companion_sk_');

    const second = await startService(env);
    try {
      const again = client(second.baseUrl);
      for (const { id, key } of acked) {
        const me = await again.get('/api/v1/agents/me', key);
        expect(me.status).toBe(200);
        expect(me.body.agent.id).toBe(id);
      }
      const listed: string[] = [];
      let cursor: string | null = null;
      do {
        const page: any = await again.get(
          `/api/v1/agents?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        );
        listed.push(...page.body.agents.map((a: { id: string }) => a.id));
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(new Set(listed).size).toBe(listed.length);
      expect(listed.length).toBeGreaterThanOrEqual(acked.length);
      const health = await again.get('/api/health');
      expect(health.body.projections.every((p: { lag: number }) => p.lag === 0)).toBe(true);
      // Every registration that reached the log (acknowledged or not) is in the read model.
      expect(listed.length).toBe(health.body.eventStore.head);
    } finally {
      await kill(second, 'SIGTERM');
    }
    // The read models the projections resumed into equal a rebuild from position 0.
    const third = await startApp({ dataDir });
    try {
      const resumed = await dumpReadModels(third.app);
      await rebuildAll(third.app);
      expect(await dumpReadModels(third.app)).toEqual(resumed);
    } finally {
      await third.close();
    }
  });
});
