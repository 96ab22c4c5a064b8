import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../ids';

/** The fixed, service-specific prefix of every key (spec §5.2): secret scanners can spot a leak. */
export const API_KEY_PREFIX = 'companion_sk_';
const KEY = /^companion_sk_[A-Za-z0-9_-]{43}$/;

/** 256 random bits. The key is shown once; only its SHA-256 is stored (in the registration event). */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

export function looksLikeApiKey(value: string): boolean {
  return KEY.test(value);
}
