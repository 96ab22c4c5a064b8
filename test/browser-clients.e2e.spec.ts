import type { Browser } from 'playwright-core';
import { client, register, RunningApp, startApp } from './support/app';
import { browserDescribe, launchChromium } from './support/browser';

/** What a browser sees of the contract: the reference page, and the SSE feed through a textbook EventSource. */
browserDescribe(
  'Browser clients: the API reference and EventSource (Debian chromium, playwright-core)',
  () => {
    let running: RunningApp;
    let browser: Browser;

    beforeAll(async () => {
      running = await startApp();
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
      await running?.close();
    });

    it('renders /api/docs from the served document, with no request leaving the origin', async () => {
      const page = await browser.newPage();
      const foreign: string[] = [];
      const refused: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(running.baseUrl) && !r.url().startsWith('data:'))
          foreign.push(r.url());
      });
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
      });
      await page.goto(`${running.baseUrl}/api/docs`);
      await page.waitForSelector('.opblock', { timeout: 30_000 });
      const operations = await page.locator('.opblock').count();
      expect(operations).toBeGreaterThanOrEqual(35);
      expect(await page.textContent('body')).toContain('getPulse');
      expect(foreign).toEqual([]);
      expect(refused).toEqual([]);
      await page.close();
    });

    it('delivers feed items to a textbook EventSource onmessage', async () => {
      const page = await browser.newPage();
      await page.goto(`${running.baseUrl}/llms.txt`);
      await page.evaluate((url) => {
        const w = globalThis as unknown as { received: unknown[]; open: boolean };
        w.received = [];
        w.open = false;
        const source = new EventSource(url);
        source.onopen = () => (w.open = true);
        source.onmessage = (e) => w.received.push(JSON.parse(e.data));
      }, `${running.baseUrl}/api/v1/feed/stream`);
      // The stream subscribes in the same turn as it sends its headers: once the EventSource is
      // open, a registration's item reaches it. Registering before that raced it (a missed item
      // under a loaded machine).
      await page.waitForFunction(() => (globalThis as unknown as { open: boolean }).open, null, {
        timeout: 30_000,
      });
      const agent = await register(client(running.baseUrl), { name: 'Streamed' });
      await page.waitForFunction(
        (id) =>
          (
            globalThis as unknown as {
              received: Array<{ type: string; agents: Array<{ id: string }> }>;
            }
          ).received.some((item) => item.type === 'agent.registered' && item.agents[0].id === id),
        agent.id,
        { timeout: 30_000 },
      );
      await page.close();
    });
  },
);
