import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { logDestination } from '../src/logging/log-destination';
import { until } from './support/until';

/**
 * The log's destination (log-destination.ts) against a real file: every line whole and in order,
 * text beyond ASCII included, while writes are out; and the lines still waiting when the process
 * exits are written before it ends.
 */
const BUILT = join(__dirname, '..', '..', '..', 'dist', 'libs', 'platform', 'src', 'logging');

const line = (i: number) => `{"i":${i},"msg":"’é — ${'x'.repeat(i % 300)} 😀"}\n`;

describe('the log destination', () => {
  it('writes every line whole and in order, in bursts that arrive while a write is out', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'companion-log-')), 'out.log');
    const fd = openSync(file, 'w');
    const destination = logDestination(fd);
    let expected = '';
    // Bursts of lines in one turn of the event loop, as the request lines of busy connections come.
    for (let burst = 0, i = 0; burst < 40; burst++) {
      for (let k = 0; k < 1 + (burst % 7) * 20; k++, i++) {
        destination.write(line(i));
        expected += line(i);
      }
      await nextTurn();
    }
    const bytes = Buffer.byteLength(expected);
    await until(() => statSync(file).size >= bytes, 10_000);
    destination.flushSync();
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe(expected);
  });

  it('writes the lines still waiting when the process exits', () => {
    const built = join(BUILT, 'log-destination.js');
    if (!existsSync(built)) throw new Error(`${built} is missing: run "npm run build" first`);
    const file = join(mkdtempSync(join(tmpdir(), 'companion-log-')), 'out.log');
    // The first line's write is left out and finished (its callback not yet run: the loop never
    // turns); the next 2 000 wait behind it and are written by the flush on exit, or lost.
    const child = `
      const { openSync, fstatSync } = require('node:fs');
      const { logDestination } = require(${JSON.stringify(built)});
      const fd = openSync(${JSON.stringify(file)}, 'w');
      const destination = logDestination(fd);
      const line = ${line.toString()};
      destination.write(line(0));
      const first = Buffer.byteLength(line(0));
      const deadline = Date.now() + 20000;
      while (fstatSync(fd).size < first && Date.now() < deadline);
      for (let i = 1; i <= 2000; i++) destination.write(line(i));
      process.exit(0);
    `;
    execFileSync(process.execPath, ['-e', child], { stdio: 'inherit' });
    const expected = Array.from({ length: 2001 }, (_, i) => line(i)).join('');
    expect(readFileSync(file, 'utf8')).toBe(expected);
  });
});
