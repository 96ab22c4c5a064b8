import { execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { client, register, startApp } from './support/app';
import { CLI } from './support/process';

const run = promisify(execFile);

describe('operator CLI against a store filled by the API', () => {
  let dataDir: string;
  let agentId: string;

  beforeAll(async () => {
    const app = await startApp();
    dataDir = app.dataDir;
    const api = client(app.baseUrl);
    const { id, key } = await register(api, { name: 'Inspected' });
    await register(api);
    await api.patch('/api/v1/agents/me', { bio: 'Changed once.' }, key);
    agentId = id;
    await app.close();
  });

  const cli = (...args: string[]) =>
    run(process.execPath, [CLI, ...args], { env: { ...process.env, DATA_DIR: dataDir } });

  it('shows projection status with checkpoint and lag', async () => {
    const { stdout } = await cli('status', '--json');
    const status = JSON.parse(stdout);
    expect(status.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['agents', 'matching', 'discovery', 'feed']),
    );
    for (const p of status)
      expect(p).toMatchObject({ checkpoint: 3, lag: 0, state: 'live', generation: 1 });
  });

  it('lists streams and categories', async () => {
    const streams = JSON.parse((await cli('streams', '--json')).stdout);
    expect(streams.map((s: { streamName: string }) => s.streamName)).toContain(`agent-${agentId}`);
    expect(JSON.parse((await cli('categories', '--json')).stdout)).toEqual([
      { category: 'agent', streams: 2 },
    ]);
  });

  it('shows a stream forwards and backwards, and one event by position', async () => {
    const forwards = (await cli('stream', `agent-${agentId}`, '--json')).stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(forwards.map((e: { type: string }) => e.type)).toEqual([
      'AgentRegistered',
      'AgentProfileUpdated',
    ]);
    const backwards = (
      await cli('stream', `agent-${agentId}`, '--backwards', '--limit', '1', '--json')
    ).stdout
      .trim()
      .split('\n');
    expect(JSON.parse(backwards[0]).type).toBe('AgentProfileUpdated');
    const one = JSON.parse((await cli('event', String(forwards[0].position), '--json')).stdout);
    expect(one).toMatchObject({
      type: 'AgentRegistered',
      streamName: `agent-${agentId}`,
      revision: 0,
    });
    expect(JSON.stringify(one)).not.toContain('companion_sk_');
  });

  // Builds every read model in a process of its own: minutes on a loaded 2-core machine.
  it('replays the log up to a position into a scratch read store, and shows its documents', async () => {
    const stream = (await cli('stream', `agent-${agentId}`, '--json')).stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const firstPosition = stream[0].position;
    const into = mkdtempSync(join(tmpdir(), 'companion-replay-'));
    const out = JSON.parse(
      (await cli('replay', '--to', String(firstPosition), '--into', into, '--json')).stdout,
    );
    expect(out).toMatchObject({ position: firstPosition, collections: { agents: 1 } });
    const [doc] = (await cli('docs', 'agents', '--read-dir', into, '--json')).stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(doc).toMatchObject({ _id: agentId, profile: { name: 'Inspected' } });
    expect(doc.profile.bio).not.toBe('Changed once.'); // the update came later
    const live = JSON.parse((await cli('docs', 'agents', '--id', agentId, '--json')).stdout);
    expect(live.profile.bio).toBe('Changed once.');
    await expect(
      cli('replay', '--to', '999', '--into', mkdtempSync(join(tmpdir(), 'x-'))),
    ).rejects.toMatchObject({ code: 2 });
    await expect(
      cli('replay', '--to', String(firstPosition), '--into', into),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('not empty') });
    await expect(cli('docs', 'nothing')).rejects.toMatchObject({ code: 2 });
  }, 180_000);

  it('rebuilds inline when nothing else runs, and refuses unknown projections', async () => {
    const out = (await cli('rebuild', 'agents', '--inline', '--json')).stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(out[out.length - 1]).toMatchObject({
      done: true,
      name: 'agents',
      generation: 2,
      lag: 0,
    });
    const status = JSON.parse((await cli('status', '--json')).stdout);
    expect(status.find((p: { name: string }) => p.name === 'agents')).toMatchObject({
      generation: 2,
      checkpoint: 3,
    });
    await expect(cli('rebuild', 'nope')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('unknown projection'),
    });
  });

  it('asks a running API to rebuild, which switches over without downtime', async () => {
    const app = await startApp({ dataDir });
    try {
      const api = client(app.baseUrl);
      const before = (await api.get('/api/v1/agents?limit=100')).body.agents;
      const rebuilding = cli('rebuild', 'agents', '--json');
      // The API keeps answering while the rebuild runs.
      for (let i = 0; i < 5; i++)
        expect((await api.get(`/api/v1/agents/${agentId}`)).status).toBe(200);
      const out = (await rebuilding).stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(out[out.length - 1]).toMatchObject({ done: true, name: 'agents', generation: 3 });
      expect((await api.get('/api/v1/agents?limit=100')).body.agents).toEqual(before);
      const health = (await api.get('/api/health')).body.projections.find(
        (p: { name: string }) => p.name === 'agents',
      );
      expect(health).toMatchObject({ generation: 3, state: 'live', lag: 0 });
    } finally {
      await app.close();
    }
  });

  it('follows the log live with tail, filtered by category and type', async () => {
    const app = await startApp({ dataDir });
    const api = client(app.baseUrl);
    // From the current head, so a slow start of the CLI process misses nothing.
    const head = String((await api.get('/api/health')).body.eventStore.head);
    const tail = spawn(
      process.execPath,
      [
        CLI,
        'tail',
        '--category',
        'agent',
        '--type',
        'AgentProfileUpdated',
        '--from',
        head,
        '--json',
      ],
      { env: { ...process.env, DATA_DIR: dataDir } },
    );
    let out = '';
    tail.stdout.on('data', (d) => (out += d));
    try {
      const other = await register(api, { name: 'Tailed' });
      await api.patch('/api/v1/agents/me', { bio: 'Seen live.' }, other.key);
      const deadline = Date.now() + 30_000;
      while (!out.includes('Seen live.') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      const lines = out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines).toHaveLength(1); // the registration is filtered out by type
      expect(lines[0]).toMatchObject({
        type: 'AgentProfileUpdated',
        streamName: `agent-${other.id}`,
      });
    } finally {
      tail.kill('SIGINT');
      await app.close();
    }
  });

  it('stops quietly when its reader goes away (`… | head`)', async () => {
    const child = spawn(process.execPath, [CLI, 'stream', `agent-${agentId}`], {
      env: { ...process.env, DATA_DIR: dataDir },
    });
    // The read end is gone before the CLI prints anything: its first write meets a closed pipe.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('says so when the event store cannot be reached', async () => {
    await expect(
      run(process.execPath, [CLI, 'status'], {
        env: { ...process.env, EVENTSTORE_URL: 'esdb://127.0.0.1:1?tls=false', MONGO_URL: '' },
        timeout: 30_000,
      }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/error: .*(unavailable|connect|reach)/i),
    });
  });

  it('explains unknown streams, bad positions and unknown commands with exit code 2', async () => {
    await expect(cli('stream', 'agent-nobody')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('no stream named'),
    });
    await expect(cli('event', 'abc')).rejects.toMatchObject({ code: 2 });
    await expect(cli('event', '999')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('no event at position 999'),
    });
    await expect(cli('frobnicate')).rejects.toMatchObject({ code: 2 });
  });
});
