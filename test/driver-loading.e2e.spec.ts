import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { client, register, until } from './support/app';
import { CLI, kill, startService } from './support/process';

const run = promisify(execFile);
const PRELOAD = join(__dirname, 'support', 'loaded-modules.cjs');
const DRIVER = /[\\/]node_modules[\\/](mongodb|@kurrent[\\/]kurrentdb-client)[\\/]/;

/**
 * The embedded default never loads the KurrentDB or MongoDB client (they took about 0.23 s of every
 * start and every CLI command): the built apps run with a preload that reports which drivers the
 * process loaded. The last two cases are the check's own controls: configured, each driver is loaded.
 */
describe('the production drivers load only when configured', () => {
  let dir: string;
  let report: string;
  /** The drivers among the modules the process loaded. */
  const loaded = (): string[] => {
    const drivers = new Set<string>();
    for (const file of JSON.parse(readFileSync(report, 'utf8')) as string[]) {
      const match = DRIVER.exec(file);
      if (match) drivers.add(match[1].replace('\\', '/'));
    }
    return [...drivers].sort();
  };
  const env = () => ({
    DATA_DIR: join(dir, 'data'),
    // The embedded default, whatever the shell running the tests points at.
    EVENTSTORE_URL: '',
    MONGO_URL: '',
    NODE_OPTIONS: `--require "${PRELOAD}"`,
    LOADED_MODULES_FILE: report,
  });
  const cli = (extra: Record<string, string>, ...args: string[]) =>
    run(process.execPath, [CLI, ...args], { env: { ...process.env, ...env(), ...extra } });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'companion-drivers-'));
    report = join(dir, 'loaded.json');
  });

  it('the API on the embedded stores serves a write and a read without either driver', async () => {
    const service = await startService(env());
    try {
      const api = client(service.baseUrl);
      const { key } = await register(api, { name: 'Embedded' });
      expect((await api.get('/api/v1/agents/me/pulse', key)).status).toBe(200);
      expect((await api.get('/api/v1/discover', key)).status).toBe(200);
      // Nest's shutdown hooks answer SIGUSR2 too; the report is written first, and the process is
      // then killed outright rather than trusted to finish its shutdown.
      service.child.kill('SIGUSR2');
      await until('the report of loaded drivers', () => existsSync(report) || undefined);
    } finally {
      await kill(service, 'SIGKILL');
    }
    expect(loaded()).toEqual([]);
  });

  it('the CLI on the embedded stores runs a command without either driver', async () => {
    const { stdout } = await cli({}, 'status', '--json');
    expect(JSON.parse(stdout).length).toBeGreaterThan(0);
    expect(loaded()).toEqual([]);
  });

  it('with EVENTSTORE_URL set, the CLI loads the KurrentDB client (and not MongoDB)', async () => {
    // Nothing listens on port 1: the command fails, after the adapter was loaded.
    await expect(
      cli({ EVENTSTORE_URL: 'kurrentdb://127.0.0.1:1?tls=false' }, 'streams'),
    ).rejects.toMatchObject({ code: 1 });
    expect(loaded()).toEqual(['@kurrent/kurrentdb-client']);
  });

  it('with MONGO_URL set, the CLI loads the MongoDB driver (and not KurrentDB)', async () => {
    await expect(
      cli({ MONGO_URL: 'mongodb://127.0.0.1:1/companion?serverSelectionTimeoutMS=300' }, 'status'),
    ).rejects.toMatchObject({ code: 1 });
    expect(loaded()).toEqual(['mongodb']);
  });
});
