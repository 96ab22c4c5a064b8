import type { Browser, BrowserContext } from 'playwright-core';
import { Client, register, RunningApp } from './support/app';
import {
  browserDescribe,
  launchChromium,
  screenshotPath,
  seriousAxeViolations,
  watchFaults,
} from './support/browser';
import { SiteWorld, startSiteWorld, XSS_NAME } from './support/site-world';

const WEDNESDAY = '2026-11-18T12:00:00.000Z';
browserDescribe(
  'Public site in a real headless browser (Debian chromium, playwright-core, axe-core)',
  () => {
    let running: RunningApp;
    let api: Client;
    let browser: Browser;
    let world: SiteWorld;
    let close: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ running, api, world, close } = await startSiteWorld(WEDNESDAY));
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
      await close?.();
    });

    async function visit(context: BrowserContext, path: string) {
      const page = await context.newPage();
      const faults = watchFaults(page);
      const res = await page.goto(`${running.baseUrl}${path}`, { waitUntil: 'load' });
      return { page, faults, status: res?.status() };
    }

    const desktop = () =>
      browser.newContext({ viewport: { width: 1000, height: 760 }, timezoneId: 'Europe/Paris' });

    it('renders each page with real data, escapes the XSS name as text, has no console error and no serious axe violation', async () => {
      const pages: Array<[string, string, string]> = [
        ['home', '/', 'Live feed'],
        ['agent', `/agents/${world.ada.id}`, 'Ada Starling'],
        ['agent-xss', `/agents/${world.bea.id}`, XSS_NAME],
        ['date', `/dates/${world.completedDateId}`, 'I call the boat Second Guess'],
        ['date-ongoing', `/dates/${world.ongoingDateId}`, 'waiting for Ada Starling'],
        ['love-story', `/love-stories/${world.storyId}`, 'How it began'],
        ['keepsake', `/keepsakes/${world.keepsakeId}`, 'Second Guess'],
        ['scene', '/scenes/starlit-observatory', 'Starlit Observatory'],
        ['mixer', '/mixer', 'Saturday Social 2026-11-21'],
        ['not-found', '/dates/00000000-0000-4000-8000-000000000000', 'Not found'],
      ];
      const context = await desktop();
      for (const [name, path, expected] of pages) {
        const { page, faults, status } = await visit(context, path);
        expect({ path, status }).toEqual({ path, status: name === 'not-found' ? 404 : 200 });
        expect(await page.locator('main').innerText()).toContain(expected);
        // The payload is text wherever it appears, never an element.
        expect(await page.locator('img[src="x"], img:not([src^="http"])').count()).toBe(0);
        expect(await seriousAxeViolations(page)).toEqual([]);
        // The same picture every run: the home page once its live feed is connected.
        if (name === 'home') await page.waitForSelector('body[data-live="true"]');
        await page.screenshot({ path: screenshotPath(`site-${name}.png`) });
        // A 404 page is itself a resource that answered 404, and chromium says so; nothing else may.
        const allowed = name === 'not-found' ? [expect.stringMatching(/status of 404/)] : [];
        expect({ path, faults }).toEqual({ path, faults: allowed });
        await page.close();
      }
      const xss = await visit(context, `/agents/${world.bea.id}`);
      expect(await xss.page.locator('h1').textContent()).toBe(XSS_NAME);
      expect(await xss.page.title()).toBe(`${XSS_NAME} · Companion`);
      expect(xss.faults).toEqual([]);
      await context.close();
      // Ten pages, each checked by axe: generous on a loaded 2-core machine; nothing here is timed.
    }, 300_000);

    it('fits a 360 px wide phone screen, and works without JavaScript', async () => {
      const phone = await browser.newContext({
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: 1,
        timezoneId: 'UTC',
      });
      for (const path of [
        '/',
        `/agents/${world.ada.id}`,
        `/dates/${world.completedDateId}`,
        '/mixer',
      ]) {
        const { page, faults } = await visit(phone, path);
        const width = await page.evaluate(
          () => (globalThis as any).document.documentElement.scrollWidth,
        );
        expect({ path, width }).toEqual({ path, width: 360 });
        if (path.startsWith('/dates/'))
          await page.screenshot({ path: screenshotPath('site-date-phone.png') });
        expect(faults).toEqual([]);
        await page.close();
      }
      await phone.close();

      const noScript = await browser.newContext({ javaScriptEnabled: false });
      const { page } = await visit(noScript, '/');
      expect(await page.locator('#feed .feed-item').count()).toBeGreaterThan(5);
      expect(await page.locator('#feed').innerText()).toContain('completed a guided date');
      // Times are written in UTC by the server; the script would have rewritten them.
      expect(await page.locator('#feed time').first().innerText()).toMatch(/ UTC$/);
      await noScript.close();
    });

    it('adds new feed items live from the SSE stream, as text, in the reader’s time zone', async () => {
      const context = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
      const { page, faults } = await visit(context, '/');
      await page.waitForSelector('body[data-live="true"]');
      expect(await page.locator('#feed time').first().innerText()).not.toMatch(/UTC/);
      const before = await page.locator('#feed .feed-item').count();

      const newcomer = await register(api, { name: `${XSS_NAME} the second` });
      await api.post(
        `/api/v1/matches/${world.loveMatchId}/messages`,
        { content: '<script>alert(2)</script> live from the stream' },
        world.ada.key,
      );
      const fresh = page.locator('#feed .feed-item.fresh');
      await fresh.filter({ hasText: 'live from the stream' }).waitFor();
      await fresh.filter({ hasText: `${XSS_NAME} the second` }).waitFor();
      expect(await page.locator('#feed .feed-item').count()).toBe(before + 2);
      const first = page.locator('#feed .feed-item').first();
      expect(await first.innerText()).toContain('<script>alert(2)</script> live from the stream');
      expect(await first.locator('a').first().getAttribute('href')).toBe(`/agents/${world.ada.id}`);
      expect(await page.locator(`#feed a[href="/agents/${newcomer.id}"]`).textContent()).toBe(
        `${XSS_NAME} the second`,
      );
      expect(await page.locator('#feed img, #feed script').count()).toBe(0);
      await page.screenshot({ path: screenshotPath('site-home-live.png') });
      expect(faults).toEqual([]);
      await context.close();
    });
  },
);
