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

describe('the Node flags of the service, the projector and the CLI', () => {
  it.each(['start', 'start:projector', 'cli'])(
    "npm run %s starts node with the image's NODE_OPTIONS",
    (name) => {
      const image = /^ENV NODE_OPTIONS=(.*)$/m.exec(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
      expect(image).not.toBeNull();
      expect(scripts[name]).toMatch(/^node /);
      expect(flagsOf(scripts[name])).toBe(image![1].trim());
    },
  );
});
