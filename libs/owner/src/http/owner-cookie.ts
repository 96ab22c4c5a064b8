import { OWNER_SESSION_LIFETIME_MS } from '@companion/agents/domain';

export const OWNER_COOKIE = 'companion_owner';
/** The cookie goes only to the owner routes, never to /api/v1, where only Bearer keys count anyway. */
const COOKIE_PATH = '/owner';

/**
 * The value of one cookie from a `Cookie` request header (RFC 6265 §5.4: `name=value` pairs joined
 * by `; `), or null. The value stays opaque: it is only ever hashed and looked up.
 */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return null;
}

function cookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${OWNER_COOKIE}=${value}; HttpOnly; SameSite=Strict; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

/** Spec §5 rule 8: HttpOnly and SameSite=Strict, Secure in production, 30 days. */
export const sessionCookie = (sessionId: string, secure: boolean) =>
  cookie(sessionId, OWNER_SESSION_LIFETIME_MS / 1000, secure);

export const clearedSessionCookie = (secure: boolean) => cookie('', 0, secure);
