import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's chromium, driven by playwright-core: nothing is downloaded. */
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

/** A describe that runs where chromium is, is skipped (with a warning) where it is not, and fails under CI without it. */
export function browserDescribe(name: string, body: () => void): void {
  if (!haveChromium && !underCi)
    console.warn(
      `${name}: skipped, ${CHROMIUM} is missing (apt-get install chromium); under CI=true it fails instead`,
    );
  (haveChromium || underCi ? describe : describe.skip)(name, body);
}

export async function launchChromium(): Promise<Browser> {
  if (!haveChromium) throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium`);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/**
 * Everything a page reports that a reader would call a fault: console errors (a CSP violation is
 * one), uncaught exceptions, and any alert() — the XSS payload's signature.
 */
export function watchFaults(page: Page): string[] {
  const faults: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text()))
      faults.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => faults.push(`pageerror: ${e.message}`));
  page.on('dialog', (d) => {
    faults.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return faults;
}

/**
 * Where a test's screenshot goes. By default a temporary directory, so a test run leaves the
 * repository as it was; with UPDATE_SCREENSHOTS=1 the repository's `docs/screenshots/`, where
 * `.gitignore` keeps only the pictures the docs show.
 */
export function screenshotPath(name: string): string {
  const dir =
    process.env.UPDATE_SCREENSHOTS === '1'
      ? join(__dirname, '..', '..', 'docs', 'screenshots')
      : join(tmpdir(), 'companion-screenshots');
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * axe-core's WCAG checks, from the npm package on disk (no CDN). Evaluated through the DevTools
 * protocol, which the page's CSP does not govern, so the page under test keeps its real policy.
 * Answers the serious and critical violations.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as any).axe;
    const result = await axe.run((globalThis as any).document, { resultTypes: ['violations'] });
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n: any) => n.target.join(' ')),
    }));
  });
  return (violations as AxeViolation[]).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
}
