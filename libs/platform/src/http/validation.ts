import {
  ArgumentMetadata,
  BadRequestException,
  Injectable,
  ValidationError,
  ValidationPipe,
} from '@nestjs/common';
import { BoundedCache } from '@companion/caching';

/**
 * Validation of every input (architecture §7): unknown fields, wrong types and out-of-range values
 * give 400, and so does a body that is not a JSON object (an array, a string, null). One instance
 * sits on every body, query and path parameter (validated-params.ts).
 */
@Injectable()
export class StrictValidationPipe extends ValidationPipe {
  /** Query strings that passed, by query class and their text, with what each became. */
  private readonly validQueries = new BoundedCache<object, string, object>(VALID_QUERIES);

  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      // The value is needed to tell a missing field from a wrong one; it never reaches a message.
      validationError: { target: false, value: true },
      stopAtFirstError: false,
      exceptionFactory: (errors) => new BadRequestException(readableMessages(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && metadata.metatype && metadata.metatype !== Object) {
      if (
        value === undefined ||
        value === null ||
        typeof value !== 'object' ||
        Array.isArray(value)
      ) {
        throw new BadRequestException('the body must be a JSON object');
      }
    }
    if (
      (metadata.type === 'body' || metadata.type === 'query') &&
      typeof value === 'object' &&
      value !== null
    )
      assertPlainInput(value);
    const text = metadata.type === 'query' && metadata.metatype ? queryText(value) : undefined;
    if (text === undefined) return super.transform(value, metadata);
    // Polls repeat their query (the pulse and the feed send none, discovery `limit=20`), and a
    // query class's validators read nothing but the text (test/query-classes.e2e.spec.ts): a query
    // that passed is not validated again (docs/query-validation.md).
    const space = metadata.metatype as object;
    const known = this.validQueries.get(space, text);
    if (known) return copy(known);
    const result: unknown = await super.transform(value, metadata);
    if (isFlat(result)) this.validQueries.set(space, text, copy(result));
    return result;
  }
}

/** Query strings remembered as valid, over every query class (about a megabyte at most). */
const VALID_QUERIES = 4096;
/** Texts longer than this are validated each time: no repeated query of the API comes near it. */
const QUERY_TEXT_MAX = 64;
/**
 * Positions that move on every request by design (a page's cursor, the pulse's `state`, the feed
 * stream's `lastEventId`): a text holding one is rarely asked again, and keeping each cost more
 * than validating it (a miss about 7 µs more than the validator alone, docs/query-validation.md).
 */
const MOVING = new Set(['cursor', 'state', 'lastEventId']);

/**
 * The parsed query string as a key, when it is short, made of strings only and holds no moving
 * position: JSON writes NaN and the infinities as null and leaves undefined out, so for other
 * values the text would name the input only loosely.
 */
function queryText(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, v] of Object.entries(value))
    if (typeof v !== 'string' || MOVING.has(key)) return undefined;
  const text = JSON.stringify(value);
  return text.length <= QUERY_TEXT_MAX ? text : undefined;
}

/** All its fields primitives: a shallow copy then shares nothing a handler could change. */
function isFlat(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  for (const v of Object.values(value)) if (typeof v === 'object' && v !== null) return false;
  return true;
}

/**
 * The constraints whose failure makes every other message of a field noise: a missing field is
 * "required", not six range messages; a `limit` of `abc` "must be an integer", not also "must not be
 * less than 1".
 */
const TYPE_CONSTRAINTS = [
  'isInt',
  'isNumber',
  'isString',
  'isBoolean',
  'isArray',
  'isObject',
  'isPersonalityTraits',
];

/** One message per refused field, named by its path (`personalityTraits.openness`). */
export function readableMessages(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((error) => {
    const path = `${prefix}${error.property}`;
    const nested = readableMessages(error.children ?? [], `${path}.`);
    const constraints = error.constraints ?? {};
    const keys = Object.keys(constraints);
    if (!keys.length) return nested;
    if (error.value === undefined && !('whitelistValidation' in constraints))
      return [`${path} is required`, ...nested];
    const type = keys.find((key) => TYPE_CONSTRAINTS.includes(key));
    const chosen = type ? [type] : keys;
    return [...chosen.map((key) => withPath(constraints[key], error.property, path)), ...nested];
  });
}

/** class-validator names only the property; a nested one is named by its whole path. */
function withPath(message: string, property: string, path: string): string {
  return path === property || !message.startsWith(property)
    ? message
    : path + message.slice(property.length);
}

/** A copy of the same class: a handler may change the query object it was given. */
function copy(value: object): object {
  return Object.assign(
    Object.create(Object.getPrototypeOf(value) as object | null) as object,
    value,
  );
}

/** Deeper than any body of the API: refused before the (recursive) transformer overflows its stack. */
export const MAX_INPUT_DEPTH = 16;

/**
 * Names of Object.prototype's properties (`constructor`, `__proto__`, `toString`, …) are silently
 * dropped by the pipe and the transformer before the unknown-field check; no field of the API has
 * such a name, so they are refused here, at any depth, with the nesting limit in the same walk.
 */
export function assertPlainInput(value: object): void {
  const stack: Array<{ v: unknown; depth: number; path: string }> = [
    { v: value, depth: 0, path: '' },
  ];
  while (stack.length) {
    const { v, depth, path } = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > MAX_INPUT_DEPTH)
      throw new BadRequestException(`the input is nested deeper than ${MAX_INPUT_DEPTH} levels`);
    for (const key of Object.keys(v)) {
      if (key in Object.prototype || key === 'prototype')
        throw new BadRequestException(`property ${path}${key} should not exist`);
      stack.push({
        v: (v as Record<string, unknown>)[key],
        depth: depth + 1,
        path: `${path}${key}.`,
      });
    }
  }
}
