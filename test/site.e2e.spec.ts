import { SITE_CSP } from '@companion/site';
import { Client, RunningApp } from './support/app';
import { SiteWorld, startSiteWorld, XSS_NAME } from './support/site-world';

const WEDNESDAY = '2026-11-18T12:00:00.000Z';

/** The page's HTML as text, with its status and headers. */
async function html(baseUrl: string, path: string) {
  const res = await fetch(`${baseUrl}${path}`);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('Public site over HTTP: server-rendered pages, 404 pages, headers, escaping', () => {
  let running: RunningApp;
  let api: Client;
  let world: SiteWorld;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ running, api, world, close } = await startSiteWorld(WEDNESDAY));
  });
  afterAll(async () => {
    await close?.();
  });

  it('answers every page as HTML with a title, a description, a viewport and the CSP, without inline script', async () => {
    const paths = [
      '/',
      '/mixer',
      `/agents/${world.ada.id}`,
      `/dates/${world.completedDateId}`,
      `/dates/${world.ongoingDateId}`,
      `/love-stories/${world.storyId}`,
      `/keepsakes/${world.keepsakeId}`,
      '/scenes/starlit-observatory',
    ];
    for (const path of paths) {
      const page = await html(running.baseUrl, path);
      expect({ path, status: page.status }).toEqual({ path, status: 200 });
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('content-security-policy')).toBe(SITE_CSP);
      expect(page.text).toMatch(/<title>[^<]+<\/title>/);
      expect(page.text).toMatch(/<meta name="description" content="[^"]+">/);
      expect(page.text).toContain(
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
      );
      // The only script is the site's own file: no inline code, no handler attribute.
      expect(page.text.match(/<script[^>]*>/g)).toEqual([
        expect.stringMatching(/^<script src="\/assets\/site\.js\?v=[0-9a-f]{12}" defer>$/),
      ]);
      expect(page.text).not.toMatch(/<[^>]+\son[a-z]+=/i);
    }
    expect(SITE_CSP).toContain("script-src 'self'");
    expect(SITE_CSP).not.toContain('unsafe-inline');
  });

  it('escapes agent text everywhere, in elements and attributes', async () => {
    for (const path of ['/', `/agents/${world.bea.id}`, `/love-stories/${world.storyId}`]) {
      const page = await html(running.baseUrl, path);
      expect(page.text).not.toContain(XSS_NAME);
      expect(page.text).not.toContain('<b>not bold</b>');
      expect(page.text).toContain('&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;');
    }
    const profile = await html(running.baseUrl, `/agents/${world.bea.id}`);
    expect(profile.text).toContain(
      '<title>&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt; · Companion</title>',
    );
  });

  it('shows the content of each page from the read models', async () => {
    const home = (await html(running.baseUrl, '/')).text;
    expect(home).toContain('Ada Starling');
    expect(home).toContain(`href="/love-stories/${world.storyId}"`);
    expect(home).toContain(`href="/keepsakes/${world.keepsakeId}"`);
    expect(home).toContain('href="/scenes/neon-noir"');
    expect(home).toContain('href="/api/docs"');
    expect(home).toContain('href="/llms.txt"');
    expect(home).toMatch(/<strong>2 guests<\/strong>/);
    expect(home).toContain('Most liked');
    expect(home).toContain('Most matched');

    const date = (await html(running.baseUrl, `/dates/${world.completedDateId}`)).text;
    expect(date).toContain('Midnight Mystery');
    expect(date).toContain('I call the boat Second Guess');
    expect(date).toContain(`href="/keepsakes/${world.keepsakeId}"`);
    const ongoing = (await html(running.baseUrl, `/dates/${world.ongoingDateId}`)).text;
    expect(ongoing).toMatch(/In progress: round 1 of 3, waiting for Ada Starling/);

    const ada = (await html(running.baseUrl, `/agents/${world.ada.id}`)).text;
    expect(ada).toContain('<svg class="chart"');
    expect(ada).toContain('href="/scenes/starlit-observatory"');
    expect(ada).toMatch(/<img class="portrait" src="http:\/\/127\.0\.0\.1:\d+\/ada\.svg"/);
    expect(ada).toContain(`href="/keepsakes/${world.keepsakeId}"`);

    const mixer = (await html(running.baseUrl, '/mixer')).text;
    expect(mixer).toContain('Saturday Social 2026-11-21');
    expect(mixer).toContain('href="/api/v1/mixer/2026-11-21/calendar"');
    const scene = (await html(running.baseUrl, '/scenes/starlit-observatory')).text;
    expect(scene).toContain('Starlit Observatory');
    expect(scene).toContain('2 agents');
  });

  it('answers an unknown id with a 404 page, and keeps the JSON API at its own paths', async () => {
    for (const path of [
      '/agents/00000000-0000-4000-8000-000000000000',
      '/dates/nope',
      '/love-stories/nope',
      '/keepsakes/nope',
      '/scenes/nope',
    ]) {
      const page = await html(running.baseUrl, path);
      expect({ path, status: page.status }).toEqual({ path, status: 404 });
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.text).toContain('<h1>Not found</h1>');
    }
    const json = await api.get(`/api/v1/agents/${world.ada.id}`);
    expect(json.status).toBe(200);
    expect(json.body.name).toBe('Ada Starling');
    const activity = await api.get(`/api/v1/activities/${world.completedDateId}`);
    expect(activity.body.publicUrl).toBe(`${running.baseUrl}/dates/${world.completedDateId}`);
  });

  it('answers a browser the 404 page for a path no route knows, and JSON under /api and to other clients', async () => {
    const asBrowser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    for (const path of ['/foo', '/agents', '/dates/nope/more?x=1']) {
      const res = await fetch(`${running.baseUrl}${path}`, { headers: asBrowser });
      const text = await res.text();
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toBe(SITE_CSP);
      expect(text).toContain('<h1>Not found</h1>');
      expect(text).toContain('<title>Not found · Companion</title>');
    }
    for (const [path, headers] of [
      ['/api/v1/nope', asBrowser],
      ['/api/nope', asBrowser],
      ['/foo', { accept: 'application/json' }],
      ['/foo', {}],
    ] as const) {
      const res = await fetch(`${running.baseUrl}${path}`, { headers });
      expect({ path, headers, status: res.status, type: res.headers.get('content-type') }).toEqual({
        path,
        headers,
        status: 404,
        type: expect.stringMatching(/^application\/json/),
      });
      expect(((await res.json()) as { statusCode: number }).statusCode).toBe(404);
    }
    // Not a navigation: a form post to an unknown path stays a JSON error.
    const post = await fetch(`${running.baseUrl}/foo`, { method: 'POST', headers: asBrowser });
    expect(post.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('serves the stylesheet and the script from this origin, cacheable by version', async () => {
    const home = (await html(running.baseUrl, '/')).text;
    const assets = [
      ...home.matchAll(/(?:href|src)="(\/assets\/site\.(?:css|js)\?v=[0-9a-f]+)"/g),
    ].map((m) => m[1]);
    expect(assets).toHaveLength(2); // the stylesheet and the script
    for (const path of assets) {
      const res = await fetch(`${running.baseUrl}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect((await res.text()).length).toBeLessThan(8 * 1024);
    }
  });
});
