import { randomBytes } from 'node:crypto';

/** Like the API key's prefix: a leaked link secret is recognisable to secret scanners and to people. */
export const OWNER_SECRET_PREFIX = 'companion_owner_';
const OWNER_SECRET = /^companion_owner_[A-Za-z0-9_-]{43}$/;
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** 256 random bits; it exists only in the link's URL fragment, the event holds its SHA-256. */
export function generateOwnerSecret(): string {
  return OWNER_SECRET_PREFIX + randomBytes(32).toString('base64url');
}

/** 256 random bits; it exists only in the browser's cookie, the event holds its SHA-256. */
export function generateSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/** Anything else is refused before a lookup: it cannot be a secret the service issued. */
export const looksLikeOwnerSecret = (value: string) => OWNER_SECRET.test(value);
export const looksLikeSessionId = (value: string) => SESSION_ID.test(value);
