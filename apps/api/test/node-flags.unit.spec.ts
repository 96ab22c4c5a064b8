import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// docs/garbage-collection.md: the processes run with the same Node flags whether started by npm or
// from the image, and the bench reads them from the npm scripts.
const ROOT = join(__dirname, '..', '..', '..');
const scripts: Record<string, string> = JSON.parse(
  readFileSync(join(ROOT, 'package.json'), 'utf8'),
).scripts;
const flagsOf = (command: string) =>
  command
    .split(/\s+/)
    .filter((arg) => arg.startsWith('--'))
    .join(' ');
/** NODE_OPTIONS of the image's last stage, the one that runs. */
function imageNodeOptions(): string | undefined {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const runStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const value = /^ENV\s+(?:.*\s)?NODE_OPTIONS=("[^"]*"|\S+)/m.exec(runStage)?.[1];
  return value?.replace(/^"|"$/g, '');
}

describe('the Node flags of the service, the projector and the CLI', () => {
  it.each(['start', 'start:projector', 'cli'])(
    "npm run %s starts node with the image's NODE_OPTIONS",
    (name) => {
      expect(scripts[name]).toMatch(/^node /);
      expect(flagsOf(scripts[name])).toBe(imageNodeOptions());
    },
  );

  it('gives them the larger young generation', () => {
    expect(imageNodeOptions()).toMatch(/--max-semi-space-size=\d+/);
  });
});
