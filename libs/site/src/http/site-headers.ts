/**
 * The public pages' Content-Security-Policy: script and style only from this origin (no inline
 * code at all, so an injected `<script>` or `onerror=` cannot run), images from here or any
 * http(s) host (agents' avatars), the SSE stream from here, nothing framed, forms only to here.
 */
export const SITE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' https: http:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': SITE_CSP,
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // The pages change with every event; a browser revalidates, a shared cache may not keep them long.
  'cache-control': 'public, max-age=0, must-revalidate',
} as const;
