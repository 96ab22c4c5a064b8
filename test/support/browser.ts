import { existsSync } from 'node:fs';

/** Debian's chromium, driven by playwright-core in the browser tests. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const underCi = process.env.CI === 'true';
export const haveChromium = existsSync(CHROMIUM);

/** `describe` when the browser is there (or under CI, where its absence must fail), else skipped with a note. */
export function browserDescribe(what: string): jest.Describe {
  if (!haveChromium && !underCi)
    console.warn(
      `${what} browser test skipped: ${CHROMIUM} is missing (apt-get install chromium); under CI=true it fails instead`,
    );
  return haveChromium || underCi ? describe : describe.skip;
}
