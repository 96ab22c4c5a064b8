import { ChildProcess, execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROJECTIONS_LEASE, SqliteReadStore } from '@companion/read-store';
import { client, register, RunningApp, startApp } from './support/app';
import { CLI, freePort } from './support/process';

const DIST = join(__dirname, '..', 'dist', 'apps');
const PROJECTOR = join(DIST, 'projector', 'src', 'main.js');

interface Projector {
  child: ChildProcess;
  health: string;
  output: () => string;
}

async function startProjector(dataDir: string): Promise<Projector> {
  const port = await freePort();
  const child = spawn(process.execPath, [PROJECTOR], {
    env: { ...process.env, DATA_DIR: dataDir, PROJECTOR_HEALTH_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return { child, health: `http://127.0.0.1:${port}/health`, output: () => output };
}

async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const healthStatus = async (p: Projector) =>
  ((await (await fetch(p.health)).json()) as { status: string }).status;

const stop = (p: Projector, signal: NodeJS.Signals) =>
  p.child.exitCode !== null || p.child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        p.child.once('exit', () => resolve());
        p.child.kill(signal);
      });

/**
 * Two projector processes on one embedded store, and an API instance that does not project (it
 * follows the catalog, as the instances behind the balancer do against MongoDB): one projector
 * applies events while the other waits for the lease, and a rebuild's switch never leaves the API
 * reading a dropped generation.
 */
describe('projector processes', () => {
  // Three processes, a rebuild and a lease hand-over on a shared 2-core machine.
  jest.setTimeout(180_000);
  let api: RunningApp;
  const projectors: Projector[] = [];

  afterEach(async () => {
    for (const p of projectors.splice(0)) await stop(p, 'SIGKILL');
    await api?.close();
  });

  it('one applies events, the other waits; a rebuild switch keeps every API key readable', async () => {
    api = await startApp({ env: { PROJECTIONS: 'off' } });
    const http = client(api.baseUrl);
    const a = await startProjector(api.dataDir);
    projectors.push(a);
    await until(async () => ((await healthStatus(a)) === 'ok' ? true : undefined), 'projector A');
    const b = await startProjector(api.dataDir);
    projectors.push(b);
    await until(
      async () =>
        b.output().includes('waiting for the projections lease held by') ? true : undefined,
      'projector B to wait',
    );
    expect(await healthStatus(b)).toBe('standby');
    const store = new SqliteReadStore(join(api.dataDir, 'read.db'));
    try {
      const lease = await store.get<{ owner: string } & { _id: string }>(
        '_leases',
        PROJECTIONS_LEASE,
      );
      expect(lease?.owner).toContain(`:${a.child.pid}:`);
    } finally {
      await store.close();
    }

    // Written through the API, projected by A (the write waits for its read models).
    const agents = await Promise.all([1, 2, 3].map(() => register(http)));

    // A rebuild of the projection that holds the API keys, requested as an operator does; the API
    // instance learns of the switch at its next catalog poll and reads the old generation until then.
    let reading = true;
    const statuses: number[] = [];
    const reader = (async () => {
      while (reading) {
        for (const agent of agents)
          statuses.push((await http.get('/api/v1/agents/me', agent.key)).status);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await promisify(execFile)(process.execPath, [CLI, 'rebuild', 'agents', '--json'], {
      env: { ...process.env, DATA_DIR: api.dataDir },
    });
    // Past the API's next catalog polls.
    await new Promise((r) => setTimeout(r, 2_500));
    reading = false;
    await reader;
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    // A stops cleanly and releases the lease: B takes over and projects the next writes.
    await stop(a, 'SIGTERM');
    await until(async () => ((await healthStatus(b)) === 'ok' ? true : undefined), 'projector B');
    const late = await register(http);
    expect((await http.get('/api/v1/agents/me', late.key)).status).toBe(200);
    expect(b.output()).toContain('holding the projections lease');
  });
});
