import { createHash, hash, randomUUID } from 'node:crypto';

export function newId(): string {
  return randomUUID();
}

/**
 * A UUID (version 5 layout) derived from its parts: the same command retried by a client yields the
 * same event ids, so the event store's idempotent append writes it once.
 */
export function derivedId(...parts: string[]): string {
  const h = createHash('sha1').update(parts.join('\u0000')).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** SHA-256 of a text as hex: what secrets are stored as, and the pulse's state token. One-shot, no hash object. */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}
