import { invalid } from '../domain';

/**
 * Opaque pagination cursors: base64url JSON of the last item's sort keys. A cursor that does not
 * decode to the expected shape is a 400, never an empty page.
 */
export function encodeCursor(keys: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(keys)).toString('base64url');
}

export function decodeCursor<K extends Record<string, 'string' | 'number'>>(
  cursor: string | undefined,
  shape: K,
): { [P in keyof K]: K[P] extends 'string' ? string : number } | undefined {
  if (cursor === undefined) return undefined;
  const error = invalid('invalid_cursor', 'cursor is not one this endpoint returned');
  if (cursor.length === 0 || cursor.length > 512 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw error;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw error;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw error;
  const rec = parsed as Record<string, unknown>;
  if (Object.keys(rec).length !== Object.keys(shape).length) throw error;
  for (const [key, type] of Object.entries(shape)) if (typeof rec[key] !== type) throw error;
  return rec as never;
}
