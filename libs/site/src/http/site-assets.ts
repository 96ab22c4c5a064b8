import { createHash } from 'node:crypto';
import { SITE_SCRIPT } from '../assets/site.script';
import { SITE_ICON } from '../assets/site.icon';
import { SITE_STYLE } from '../assets/site.style';

export interface Asset {
  path: string;
  /** The path with a content version, which pages link to: it may be cached for a year. */
  url: string;
  type: string;
  body: string;
}

function asset(path: string, type: string, body: string): Asset {
  const version = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { path, url: `${path}?v=${version}`, type, body };
}

/** Served by this process from memory: no CDN, no build step, nothing fetched at run time. */
export const SITE_ASSETS = {
  css: asset('/assets/site.css', 'text/css; charset=utf-8', SITE_STYLE),
  js: asset('/assets/site.js', 'text/javascript; charset=utf-8', SITE_SCRIPT),
  icon: asset('/assets/icon.svg', 'image/svg+xml', SITE_ICON),
};
