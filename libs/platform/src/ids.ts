import { hash, randomUUID } from 'node:crypto';

export function newId(): string {
  return randomUUID();
}

/**
 * A UUID (version 5 layout) derived from its parts: the same command retried by a client yields the
 * same event ids, so the event store's idempotent append writes it once.
 */
export function derivedId(...parts: string[]): string {
  const h = hash('sha1', parts.join('\u0000'), 'buffer');
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A fresh id that sorts by the time it was made: UUID version 7 (RFC 9562, section 5.7), its first
 * 48 bits the time in milliseconds, the other 74 random. Node 20's crypto makes only version 4: its
 * random bits serve (`randomUUID` draws from a cached pool, a tenth of `randomBytes(16)`'s cost).
 * Fresh commands get one, and their events' ids are made from it (`eventIdOf`): in the event log's
 * unique index on event ids each new id goes in next to the last one made, instead of into a random
 * leaf of a large B-tree (docs/time-ordered-event-ids.md).
 */
export function newTimeOrderedId(now: Date): string {
  const time = now.getTime().toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randomUUID().slice(15)}`;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A UUID of version 7. Only `newTimeOrderedId` makes them here (derived ids are version 5, fresh
 * entity ids version 4), so an id of this shape begins with a time.
 */
export const TIME_ORDERED_UUID =
  /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** SHA-256 of a text as hex: what secrets are stored as, and the pulse's state token. One-shot, no hash object. */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}
