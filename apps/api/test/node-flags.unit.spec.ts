import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// docs/garbage-collection.md: the processes run with the same Node flags whether started by npm or
// from the image, and the bench reads them from the npm scripts.
const ROOT = join(__dirname, '..', '..', '..');
const scripts: Record<string, string> = JSON.parse(
  readFileSync(join(ROOT, 'package.json'), 'utf8'),
).scripts;
const flagsOf = (args: readonly string[]) => args.filter((arg) => arg.startsWith('--'));
/** The image's last stage, the one that runs. */
const runStage = (() => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  return dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
})();
/** NODE_OPTIONS of the image: every node process of it, the API, the projector and the CLI. */
function imageNodeOptions(): string[] {
  const value = /^ENV\s+(?:.*\s)?NODE_OPTIONS=("[^"]*"|\S+)/m.exec(runStage)?.[1];
  return value?.replace(/^"|"$/g, '').split(/\s+/) ?? [];
}
/** The image's command, the API's (docker-compose.yml gives the projector its own). */
function imageCommand(): string[] {
  const json = /^CMD\s+(\[.*\])\s*$/m.exec(runStage)?.[1];
  return json ? JSON.parse(json) : [];
}
const node = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, [...args, '-e', ''], {
    env: { ...process.env, NODE_OPTIONS: '', ...env },
    encoding: 'utf8',
  });

describe('the Node flags of the service, the projector and the CLI', () => {
  it.each(['start:projector', 'cli'])(
    "npm run %s starts node with the image's NODE_OPTIONS",
    (name) => {
      expect(scripts[name]).toMatch(/^node /);
      expect(flagsOf(scripts[name].split(/\s+/))).toEqual(imageNodeOptions());
    },
  );

  it("npm start gives the API the image's NODE_OPTIONS and the flags of its command", () => {
    expect(scripts.start).toMatch(/^node .*dist\/apps\/api\/src\/main\.js$/);
    expect(imageCommand()).toEqual(expect.arrayContaining(['node', 'dist/apps/api/src/main.js']));
    expect(flagsOf(scripts.start.split(/\s+/))).toEqual([
      ...imageNodeOptions(),
      ...flagsOf(imageCommand()),
    ]);
  });

  // A `command:` for the api service would replace the image's CMD, and the flags in it.
  it('leaves the API its image command in docker-compose.yml, or repeats its flags', () => {
    const compose = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
    const api = /^ {2}api:\n((?: {4}.*\n|\s*\n)*)/m.exec(compose)?.[1];
    expect(api).toBeDefined();
    const command = /^ {4}command:\s*(\[.*\])\s*$/m.exec(api!)?.[1];
    if (command !== undefined)
      expect(flagsOf(JSON.parse(command.replace(/'/g, '"')))).toEqual(flagsOf(imageCommand()));
  });

  it('gives every process the larger young generation, and the API its heap through idle spells', () => {
    expect(imageNodeOptions()).toEqual([expect.stringMatching(/^--max-semi-space-size=\d+$/)]);
    expect(flagsOf(imageCommand())).toEqual(['--no-memory-reducer']);
  });

  // A flag Node does not know, or refuses where it is given, stops the process before it starts.
  it('are flags this Node accepts where the image gives them', () => {
    const options = node([], { NODE_OPTIONS: imageNodeOptions().join(' ') });
    expect(options.stderr).toBe('');
    expect(options.status).toBe(0);
    const command = node(flagsOf(imageCommand()));
    expect(command.stderr).toBe('');
    expect(command.status).toBe(0);
  });

  it('would catch a flag given where Node refuses it', () => {
    const refused = node([], { NODE_OPTIONS: flagsOf(imageCommand()).join(' ') });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/not allowed in NODE_OPTIONS/);
  });
});
