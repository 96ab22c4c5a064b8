import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ManualClock } from '@companion/platform';
import { client, Client, matchPair, register, RunningApp, startApp } from './support/app';
import {
  browserDescribe,
  launchChromium,
  screenshotPath,
  seriousAxeViolations,
  watchFaults,
} from './support/browser';
import { buildSiteWorld, XSS_NAME } from './support/site-world';

// The HTTP side of the owner link, session and dashboard is in owner-link-and-session.e2e.spec.ts
// and owner-dashboard.e2e.spec.ts.
const WEDNESDAY = '2026-11-18T12:00:00.000Z';
const MINUTE = 60 * 1000;

browserDescribe(
  'Owner dashboard in a real headless browser (Debian chromium, playwright-core)',
  () => {
    let running: RunningApp;
    let api: Client;
    let browser: Browser;
    const clock = new ManualClock(new Date(WEDNESDAY));
    const cspViolations: string[] = [];

    beforeAll(async () => {
      running = await startApp({ clock });
      api = client(running.baseUrl);
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
      await running?.close();
    });

    /** A fresh tab for each visit: the same URL with another fragment would not load the page again. */
    async function open(context: BrowserContext, url: string): Promise<Page> {
      const page = await context.newPage();
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
      });
      await page.goto(url);
      await page.waitForSelector('body[data-ready="true"]');
      return page;
    }

    it('opens the dashboard from the owner URL, changes the RSVP, disconnects, and refuses the used link and a forged cookie', async () => {
      const ada = await register(api, {
        name: 'Ada Lovelace',
        bio: 'Writes letters to the future.',
      });
      const bea = await register(api, { name: 'Bea <b>Bold</b>' });
      const matchId = await matchPair(api, ada, bea);
      await api.post(`/api/v1/matches/${matchId}/messages`, { content: 'Hello from Ada' }, ada.key);
      await api.post(
        `/api/v1/matches/${matchId}/messages`,
        { content: '<img src=x onerror=alert(1)> from Bea' },
        bea.key,
      );
      const date = await api.post(
        `/api/v1/matches/${matchId}/activities`,
        { scenarioId: 'midnight-mystery' },
        ada.key,
      );
      const ownerUrl: string = (await api.post('/api/v1/agents/me/owner-link', undefined, ada.key))
        .body.ownerUrl;

      const context = await browser.newContext();
      const page = await open(context, ownerUrl);
      expect(page.url()).toBe(`${running.baseUrl}/owner`);
      expect(await page.locator('#dashboard').isVisible()).toBe(true);
      expect(await page.locator('#agent-name').textContent()).toBe('Ada Lovelace');
      const matches = await page.locator('#matches').innerText();
      expect(matches).toContain('Bea <b>Bold</b>');
      expect(matches).toContain('Hello from Ada');
      expect(matches).toContain('<img src=x onerror=alert(1)> from Bea');
      expect(await page.locator('#matches img, #matches b').count()).toBe(0);
      expect(await page.locator('#guided-dates').innerText()).toContain(date.body.scenario.title);
      expect(await page.locator('#mixer-when').innerText()).toContain('2026-11-21');
      expect(await page.locator('#rsvp-state').textContent()).toBe('none');

      const [cookie] = await context.cookies();
      expect(cookie).toMatchObject({
        name: 'companion_owner',
        httpOnly: true,
        sameSite: 'Strict',
        path: '/owner',
        secure: false,
      });
      expect(
        await page.evaluate(
          () => (globalThis as unknown as { document: { cookie: string } }).document.cookie,
        ),
      ).toBe('');

      await page.selectOption('#rsvp-action', 'RSVP');
      await page.click('#rsvp-submit');
      await page.waitForFunction(
        () =>
          (globalThis as any).document.getElementById('rsvp-result').textContent === 'Saved: going',
      );
      expect(await page.locator('#rsvp-state').textContent()).toBe('going');
      expect((await api.get('/api/v1/mixer', ada.key)).body).toMatchObject({
        key: '2026-11-21',
        rsvp: 'going',
      });

      await page.click('#disconnect');
      await page.locator('#no-session').waitFor({ state: 'visible' });
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]');
      expect(await page.locator('#no-session').isVisible()).toBe(true);
      expect(await page.locator('#dashboard').isVisible()).toBe(false);

      const reused = await open(context, ownerUrl);
      expect(await reused.locator('#notice').innerText()).toContain('already used');
      expect(await reused.locator('#no-session').isVisible()).toBe(true);
      await context.close();

      const forged = await browser.newContext();
      await forged.addCookies([
        {
          name: 'companion_owner',
          value: randomBytes(32).toString('base64url'),
          domain: '127.0.0.1',
          path: '/owner',
          httpOnly: true,
          sameSite: 'Strict',
        },
      ]);
      const forgedPage = await open(forged, `${running.baseUrl}/owner`);
      expect(await forgedPage.locator('#no-session').isVisible()).toBe(true);
      expect(await forgedPage.locator('#dashboard').isVisible()).toBe(false);
      await forged.close();

      expect(cspViolations).toEqual([]);
    });

    it('says when a link has expired or is not valid', async () => {
      const ada = await register(api);
      const ownerUrl: string = (await api.post('/api/v1/agents/me/owner-link', undefined, ada.key))
        .body.ownerUrl;
      clock.advance(15 * MINUTE);
      const context = await browser.newContext();
      const expired = await open(context, ownerUrl);
      expect(await expired.locator('#notice').innerText()).toContain('expired');
      expect(await expired.locator('#no-session').isVisible()).toBe(true);
      const invalid = await open(
        context,
        `${running.baseUrl}/owner#companion_owner_${randomBytes(32).toString('base64url')}`,
      );
      expect(await invalid.locator('#notice').innerText()).toContain('not valid');
      await context.close();
    });

    it('shows the pulse in words with links, chemistry over time as a chart, the compatibility breakdown, and times in the browser’s time zone', async () => {
      const world = await buildSiteWorld(api, clock, 'https://avatars.example/ada.png');
      const ownerUrl: string = (
        await api.post('/api/v1/agents/me/owner-link', undefined, world.ada.key)
      ).body.ownerUrl;
      const context = await browser.newContext({
        timezoneId: 'Asia/Tokyo',
        locale: 'en-GB',
        viewport: { width: 900, height: 900 },
      });
      const page = await context.newPage();
      const faults = watchFaults(page);
      await page.goto(ownerUrl);
      await page.waitForSelector('body[data-ready="true"]');

      const pulse = page.locator('#pulse-list');
      expect(await pulse.innerText()).toContain('1 agent likes Ada Starling');
      expect(await pulse.locator('a', { hasText: 'Dee Admirer' }).getAttribute('href')).toMatch(
        /^\/agents\/[0-9a-f-]{36}$/,
      );
      expect(await pulse.innerText()).toContain('Replies owed to Cy Marlowe');
      expect(await pulse.locator(`a[href="/dates/${world.ongoingDateId}"]`).innerText()).toBe(
        'Midnight Mystery',
      );
      expect(await pulse.locator('a[href="/mixer"]').count()).toBe(1);

      const love = page.locator('#matches article', { hasText: 'Ada, line 9' });
      // Ada rated 0.55, 0.7, 0.9 and the partner 0.62, 0.85: one line and its dots per rater.
      expect(await love.locator('svg polyline').count()).toBe(2);
      expect(await love.locator('svg circle').count()).toBe(5);
      expect(await love.locator('.legend').innerText()).toContain(XSS_NAME);
      // Both keep agentInput's traits: identical, so 1.00; the other parts are scores in 0..1.
      expect(await love.locator('.compat').innerText()).toMatch(
        /^Compatibility\s+0\.\d\d\s+Traits\s+1\.00\s+Interests\s+0\.\d\d\s+Text\s+0\.\d\d$/,
      );
      expect(await love.locator(`a[href="/love-stories/${world.storyId}"]`).count()).toBe(1);
      expect(await love.locator('img').count()).toBe(0);
      expect(
        await page.locator(`#keepsakes a[href="/keepsakes/${world.keepsakeId}"]`).count(),
      ).toBe(1);
      expect(
        await page.locator(`#guided-dates a[href="/dates/${world.completedDateId}"]`).count(),
      ).toBe(1);
      // The Saturday Social starts at 18:00 UTC: 03:00 the next day in Tokyo.
      expect(await page.locator('#mixer-when').innerText()).toContain('22 Nov 2026, 03:00');

      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({
        path: screenshotPath('owner-dashboard.png'),
        fullPage: true,
      });
      expect(faults).toEqual([]);
      await context.close();
    }, 120_000);
  },
);
