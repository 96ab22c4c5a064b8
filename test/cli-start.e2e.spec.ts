import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CLI } from './support/process';

const run = promisify(execFile);

/**
 * The operator CLI loads the projections and the stores through their lean doors, never the HTTP
 * side: Nest, its modules and class-validator took most of a second of every command
 * (docs/cli-start.md). The preload lists every module the process loaded; each case also finds a
 * projection in it, so an empty list cannot pass.
 */
describe('the CLI at its start', () => {
  const heavy = /[\\/]node_modules[\\/](@nestjs[\\/]|class-validator[\\/]|class-transformer[\\/])/;
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'companion-cli-start-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function modulesLoadedBy(...args: string[]): Promise<{ stdout: string; files: string[] }> {
    const list = join(dir, 'modules.json');
    const preload = join(__dirname, 'support', 'loaded-modules.cjs');
    const { stdout } = await run(process.execPath, ['--require', preload, CLI, ...args], {
      env: { ...process.env, DATA_DIR: join(dir, 'data'), LOADED_MODULES_FILE: list },
    });
    const files = JSON.parse(readFileSync(list, 'utf8')) as string[];
    expect(files.some((f) => f.endsWith('feed.projection.js'))).toBe(true);
    return { stdout, files };
  }

  it('answers status from its stores without loading Nest', async () => {
    const { stdout, files } = await modulesLoadedBy('status', '--json');
    expect(JSON.parse(stdout).map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['agents', 'matching', 'feed', 'pulse']),
    );
    expect(files.filter((f) => heavy.test(f))).toEqual([]);
  });

  it('rebuilds inline without loading Nest', async () => {
    const { stdout, files } = await modulesLoadedBy('rebuild', 'feed', '--inline', '--json');
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toMatchObject({
      done: true,
      name: 'feed',
    });
    expect(files.filter((f) => heavy.test(f))).toEqual([]);
  });
});
