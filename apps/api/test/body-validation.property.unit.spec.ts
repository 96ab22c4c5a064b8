import 'reflect-metadata';
import { BadRequestException } from '@nestjs/common';
import fc from 'fast-check';
import { RegisterAgentDto, UpdateProfileDto } from '@companion/agents';
import { ContributionDto, StartGuidedDateDto } from '@companion/dates';
import { ChemistryRatingDto, SendMessageDto, SwipeDto } from '@companion/matching';
import { MixerRsvpDto } from '@companion/mixer';
import { StrictValidationPipe } from '@companion/platform';

/**
 * Property tests of the validation every request body goes through: the app's global
 * StrictValidationPipe on each body DTO, fed arbitrary JSON values. Whatever comes in, the pipe either
 * throws a BadRequestException (a 400) or returns an instance of the DTO whose every field is within
 * the documented limits — never another exception (a 500). The limits are written out here again from
 * the spec (§2, §8) and the README, not imported from the code under test, and lengths are counted in
 * code points, as the README decides.
 */

const pipe = new StrictValidationPipe();
const validate = (metatype: new () => object, value: unknown) =>
  pipe.transform(value, { type: 'body', metatype });

/** Code points, not UTF-16 units (README: "Lengths count Unicode characters (code points)"). */
const len = (s: string) => [...s].length;
const isText = (v: unknown, min: number, max: number): v is string =>
  typeof v === 'string' && len(v) >= min && len(v) <= max;
const notBlank = (s: string) => /\S/.test(s);
const inUnit = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1;
const REQUIRED_TRAITS = [
  'openness',
  'conscientiousness',
  'extraversion',
  'agreeableness',
  'neuroticism',
];
const TRAIT_NAME = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;
const SCENARIOS = ['midnight-mystery', 'impossible-bistro', 'postcards-from-tomorrow'];
const ACTIONS = ['RSVP', 'CANCEL', 'CHECK_IN'];

function httpUrl(v: unknown): boolean {
  if (typeof v !== 'string' || len(v) > 2048 || !/^https?:\/\//i.test(v)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}

/** The five required traits and at most 32 in all, identifier names, every value 0..1 (also on PATCH). */
function traitsOk(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const entries = Object.entries(v);
  return (
    entries.length <= 32 &&
    REQUIRED_TRAITS.every((t) => Object.prototype.hasOwnProperty.call(v, t)) &&
    entries.every(([k, x]) => TRAIT_NAME.test(k) && inUnit(x))
  );
}
const interestsOk = (v: unknown) =>
  Array.isArray(v) && v.length >= 1 && v.length <= 20 && v.every((i) => isText(i, 1, 100));

interface Contract {
  dto: new () => object;
  /** Every documented field and whether the value is valid; `undefined` means absent. */
  fields: Record<string, (v: unknown) => boolean>;
  required: string[];
}

const optional = (check: (v: unknown) => boolean) => (v: unknown) => v === undefined || check(v);
/** Observed and tolerated: `null` for an optional text reads as absent (see the hostile e2e suite). */
const optionalOrNull = (check: (v: unknown) => boolean) => (v: unknown) =>
  v === undefined || v === null || check(v);

const CONTRACTS: Record<string, Contract> = {
  RegisterAgentDto: {
    dto: RegisterAgentDto,
    required: ['name', 'bio', 'personalityTraits', 'interests'],
    fields: {
      name: (v) => isText(v, 1, 100) && notBlank(v),
      bio: (v) => isText(v, 1, 2000) && notBlank(v),
      backstory: optionalOrNull((v) => isText(v, 0, 5000)),
      avatarUrl: optionalOrNull(httpUrl),
      framework: optionalOrNull((v) => isText(v, 0, 50)),
      personalityTraits: traitsOk,
      interests: interestsOk,
      // null passes the DTO and is refused by the domain (400 unknown_scene), as is any unknown scene.
      sceneId: optionalOrNull((v) => isText(v, 1, 100)),
      source: optionalOrNull((v) => isText(v, 0, 80) && /^[a-zA-Z0-9_.:-]+$/.test(v)),
    },
  },
  UpdateProfileDto: {
    dto: UpdateProfileDto,
    required: [],
    fields: {
      // `null` is not a name, a bio, interests or traits: the todo below names the bug; until it is
      // fixed the arbitraries below never send null for these four.
      name: optional((v) => isText(v, 1, 100) && notBlank(v)),
      bio: optional((v) => isText(v, 1, 2000) && notBlank(v)),
      backstory: optionalOrNull((v) => isText(v, 0, 5000)),
      avatarUrl: optionalOrNull(httpUrl),
      personalityTraits: optional(traitsOk),
      interests: optional(interestsOk),
      sceneId: (v) => v === undefined || v === null || isText(v, 1, 100),
    },
  },
  SwipeDto: {
    dto: SwipeDto,
    required: ['targetAgentId', 'liked'],
    fields: {
      targetAgentId: (v) => typeof v === 'string' && len(v) >= 1,
      liked: (v) => typeof v === 'boolean',
    },
  },
  SendMessageDto: {
    dto: SendMessageDto,
    required: ['content'],
    fields: { content: (v) => isText(v, 1, 5000) },
  },
  ChemistryRatingDto: {
    dto: ChemistryRatingDto,
    required: ['rating'],
    fields: { rating: inUnit, reason: optionalOrNull((v) => isText(v, 0, 1000)) },
  },
  ContributionDto: {
    dto: ContributionDto,
    required: ['step', 'content'],
    fields: {
      step: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 3,
      content: (v) => isText(v, 10, 3000),
    },
  },
  StartGuidedDateDto: {
    dto: StartGuidedDateDto,
    required: ['scenarioId'],
    fields: { scenarioId: (v) => SCENARIOS.includes(v as string) },
  },
  MixerRsvpDto: {
    dto: MixerRsvpDto,
    required: ['action'],
    fields: { action: (v) => ACTIONS.includes(v as string) },
  },
};

/**
 * Keys that Nest's ValidationPipe deletes (`constructor`, `prototype`, `__proto__`) or that
 * class-transformer skips (names of Object.prototype's methods) before the whitelist check: they are
 * silently dropped instead of refused (a bug, see the todo). Left out of the generated keys so the
 * properties below state the rest of the contract without flaking on them.
 */
const DROPPED_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);
/**
 * U+FE0E/U+FE0F (variation selectors): validator.js's isLength does not count a character followed by
 * one, so a text can hold up to twice its limit in code points (a bug, see the todo). Left out of the
 * generated strings for the same reason.
 */
const withoutVariationSelectors = (s: string) => s.replace(/[\uFE0E\uFE0F]/g, '');

const text = (maxLength: number) =>
  fc
    .oneof(
      fc.string({ maxLength }),
      fc.string({ unit: 'binary', maxLength }),
      fc.string({ unit: 'grapheme', maxLength: Math.ceil(maxLength / 4) }),
      fc.string({ unit: 'binary-ascii', maxLength }),
      fc.constantFrom(
        '',
        ' ',
        '\t\n',
        '\u3000',
        '\u200B',
        '\u0000',
        '\ud800',
        'x'.repeat(maxLength),
        '😀'.repeat(maxLength),
      ),
    )
    .map(withoutVariationSelectors);

/** A text around a limit: at, just under and just over it, in code points of 1 to 4 UTF-8 bytes. */
const aroundLimit = (limit: number) =>
  fc
    .tuple(
      fc.constantFrom('x', 'é', '文', '😀', ' ', '\u0301'),
      fc.integer({ min: Math.max(0, limit - 2), max: limit + 2 }),
    )
    .map(([ch, n]) => ch.repeat(n));

const safeKey = fc.string({ maxLength: 12 }).filter((k) => !DROPPED_KEYS.has(k));
const json = fc.jsonValue({ maxDepth: 3 });
const number = fc.oneof(
  fc.double(),
  fc.double({ min: -0.5, max: 1.5 }),
  fc.integer({ min: -5, max: 5 }),
  fc.constantFrom(
    0,
    -0,
    1,
    0.2,
    0.6,
    1.0000001,
    -Number.MIN_VALUE,
    Number.MIN_VALUE,
    Number.MAX_VALUE,
    NaN,
    Infinity,
    -Infinity,
  ),
);
const anyScalar = fc.oneof(fc.constant(null), fc.boolean(), number, text(50));

const traits = fc
  .tuple(
    fc.subarray(REQUIRED_TRAITS, { minLength: 3 }),
    fc.dictionary(
      fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,8}$/).filter((k) => !DROPPED_KEYS.has(k)),
      fc.double({ min: -0.2, max: 1.2 }),
      { maxKeys: 30 },
    ),
    fc.oneof(fc.double({ min: 0, max: 1 }), number, anyScalar),
  )
  .map(([required, extra, sample]) => ({
    ...extra,
    ...Object.fromEntries(required.map((t) => [t, sample])),
  }));

const url = fc.oneof(
  fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true }),
  fc.webUrl({ validSchemes: ['ftp', 'file', 'javascript', 'data', 'ws'] }),
  fc.constantFrom(
    'javascript:alert(1)',
    'data:text/html,x',
    'http:/x',
    'https://',
    '//example.com/a',
    `https://example.com/${'a'.repeat(2040)}`,
  ),
  text(80),
);

/** Per field, values that are often valid and often just wrong. */
const FIELD_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  name: fc.oneof(text(110), aroundLimit(100), anyScalar),
  bio: fc.oneof(text(200), aroundLimit(2000), anyScalar),
  backstory: fc.oneof(text(200), aroundLimit(5000), anyScalar),
  avatarUrl: fc.oneof(url, anyScalar),
  framework: fc.oneof(text(60), aroundLimit(50), anyScalar),
  personalityTraits: fc.oneof(traits, json),
  interests: fc.oneof(
    fc.array(fc.oneof(text(110), aroundLimit(100), anyScalar), { maxLength: 22 }),
    json,
  ),
  sceneId: fc.oneof(text(110), fc.constantFrom('cozy-library', null), anyScalar),
  source: fc.oneof(fc.stringMatching(/^[a-zA-Z0-9_.:-]{0,85}$/), text(90), anyScalar),
  targetAgentId: fc.oneof(fc.uuid(), text(110), anyScalar),
  liked: fc.oneof(fc.boolean(), anyScalar),
  content: fc.oneof(text(200), aroundLimit(10), aroundLimit(3000), aroundLimit(5000), anyScalar),
  rating: fc.oneof(number, anyScalar),
  reason: fc.oneof(text(200), aroundLimit(1000), anyScalar),
  step: fc.oneof(fc.integer({ min: -1, max: 5 }), number, anyScalar),
  scenarioId: fc.oneof(
    fc.constantFrom(...SCENARIOS, 'MIDNIGHT-MYSTERY', ' midnight-mystery'),
    anyScalar,
  ),
  action: fc.oneof(fc.constantFrom(...ACTIONS, 'rsvp', 'RSVP ', 'DELETE'), anyScalar),
};

const VALID: Record<string, Record<string, unknown>> = {
  RegisterAgentDto: {
    name: 'Ada',
    bio: 'A bio.',
    personalityTraits: Object.fromEntries(REQUIRED_TRAITS.map((t) => [t, 0.5])),
    interests: ['poetry'],
  },
  UpdateProfileDto: { name: 'Ada' },
  SwipeDto: { targetAgentId: 'x', liked: true },
  SendMessageDto: { content: 'hi' },
  ChemistryRatingDto: { rating: 0.5 },
  ContributionDto: { step: 1, content: 'ten characters at least' },
  StartGuidedDateDto: { scenarioId: 'midnight-mystery' },
  MixerRsvpDto: { action: 'RSVP' },
};

/**
 * Bodies for a DTO: any JSON, objects with random keys, near-valid objects (every field drawn from its
 * arbitrary), a valid body with one or several fields replaced or removed, and any of these plus extra keys.
 */
function bodies(
  name: string,
  exclude: (field: string, value: unknown) => boolean = () => false,
): fc.Arbitrary<unknown> {
  const names = Object.keys(CONTRACTS[name].fields);
  const nearValid = fc.record(Object.fromEntries(names.map((n) => [n, FIELD_VALUES[n]])), {
    requiredKeys: [],
  });
  const oneChanged = fc
    .constantFrom(...names)
    .chain((field) =>
      fc.option(FIELD_VALUES[field], { nil: undefined }).map((value) => ({ field, value })),
    )
    .map(({ field, value }) => {
      const body: Record<string, unknown> = structuredClone(VALID[name]);
      if (value === undefined) delete body[field];
      else body[field] = value;
      return body;
    });
  const someChanged = nearValid.map((changes) => ({ ...structuredClone(VALID[name]), ...changes }));
  const withExtra = fc
    .tuple(
      fc.oneof(nearValid, oneChanged),
      fc.dictionary(safeKey, json, { minKeys: 1, maxKeys: 2 }),
    )
    .map(([body, extra]) => ({ ...extra, ...body }));
  return fc
    .oneof(
      { weight: 1, arbitrary: json },
      {
        weight: 1,
        arbitrary: fc.dictionary(fc.oneof(safeKey, fc.constantFrom(...names)), json, {
          maxKeys: 6,
        }),
      },
      { weight: 3, arbitrary: nearValid },
      { weight: 4, arbitrary: oneChanged },
      { weight: 3, arbitrary: someChanged },
      { weight: 2, arbitrary: withExtra },
    )
    .filter(
      (body) =>
        !isObject(body) ||
        !Object.entries(body).some(([k, v]) => DROPPED_KEYS.has(k) || exclude(k, v)),
    );
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The property: a 400, or an instance within the documented limits holding exactly what came in. */
async function check(name: string, contract: Contract, body: unknown): Promise<void> {
  let result: unknown;
  try {
    result = await validate(contract.dto, body);
  } catch (error) {
    if (error instanceof BadRequestException) return;
    throw new Error(
      `${name}: ${String(error)} is not a BadRequestException (a 500) for ${JSON.stringify(body)?.slice(0, 300)}`,
    );
  }
  expect(result).toBeInstanceOf(contract.dto);
  const input = body as Record<string, unknown>;
  const output = result as Record<string, unknown>;
  // Only documented fields came in, and every one of them came out unchanged.
  for (const key of Object.keys(input)) expect(Object.keys(contract.fields)).toContain(key);
  for (const [key, value] of Object.entries(input)) expect(output[key]).toEqual(value);
  for (const key of Object.keys(output)) expect(Object.keys(contract.fields)).toContain(key);
  for (const field of contract.required) expect(output[field]).not.toBeUndefined();
  for (const [field, ok] of Object.entries(contract.fields)) {
    if (!ok(output[field]))
      throw new Error(
        `${name}.${field} = ${JSON.stringify(output[field])?.slice(0, 200)} was accepted but is outside the documented limits`,
      );
  }
}

describe('StrictValidationPipe on every body DTO (property)', () => {
  it.each(Object.keys(CONTRACTS))(
    '%s: arbitrary JSON is either a 400 or a value within the documented limits',
    async (name) => {
      const contract = CONTRACTS[name];
      const nullBug = (field: string, value: unknown) =>
        name === 'UpdateProfileDto' &&
        value === null &&
        ['name', 'bio', 'interests', 'personalityTraits'].includes(field);
      await fc.assert(
        fc.asyncProperty(bodies(name, nullBug), (body) => check(name, contract, body)),
        { numRuns: 1000 },
      );
    },
  );

  it.each(Object.keys(CONTRACTS))(
    '%s: the valid bodies the generator finds are accepted (the property is not vacuous)',
    async (name) => {
      const contract = CONTRACTS[name];
      const accepted = await fc
        .sample(bodies(name), { numRuns: 600, seed: 42 })
        .reduce<Promise<number>>(async (count, body) => {
          try {
            await validate(contract.dto, body);
            return (await count) + 1;
          } catch {
            return count;
          }
        }, Promise.resolve(0));
      expect(accepted).toBeGreaterThan(30);
    },
  );

  it('a JSON value that is not an object is always a 400', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(CONTRACTS)),
        fc.oneof(
          fc.constant(null),
          fc.boolean(),
          number,
          fc.string(),
          fc.array(json, { maxLength: 3 }),
        ),
        async (name, body) => {
          await expect(validate(CONTRACTS[name].dto, body)).rejects.toBeInstanceOf(
            BadRequestException,
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('an unknown field is always a 400, whatever else the body holds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(CONTRACTS)),
        safeKey,
        json,
        async (name, key, value) => {
          const contract = CONTRACTS[name];
          fc.pre(!(key in contract.fields));
          await expect(
            validate(contract.dto, { ...(await someValid(name)), [key]: value }),
          ).rejects.toBeInstanceOf(BadRequestException);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the same limits hold exactly at the bounds, in code points of every width', async () => {
    for (const ch of ['x', 'é', '文', '😀']) {
      await expect(
        validate(RegisterAgentDto, {
          ...(await someValid('RegisterAgentDto')),
          name: ch.repeat(100),
        }),
      ).resolves.toBeInstanceOf(RegisterAgentDto);
      await expect(
        validate(RegisterAgentDto, {
          ...(await someValid('RegisterAgentDto')),
          name: ch.repeat(101),
        }),
      ).rejects.toBeInstanceOf(BadRequestException);
      await expect(
        validate(ContributionDto, { step: 2, content: ch.repeat(10) }),
      ).resolves.toBeInstanceOf(ContributionDto);
      await expect(
        validate(ContributionDto, { step: 2, content: ch.repeat(9) }),
      ).rejects.toBeInstanceOf(BadRequestException);
      await expect(validate(SendMessageDto, { content: ch.repeat(5001) })).rejects.toBeInstanceOf(
        BadRequestException,
      );
    }
  });

  // Found by this suite, fixed: variation selectors were not counted, Object.prototype names were
  // dropped silently, null passed the update's optional fields, deep nesting overflowed the stack.
  it('counts variation selectors as characters', async () => {
    await expect(
      validate(RegisterAgentDto, {
        ...(await someValid('RegisterAgentDto')),
        name: 'a\uFE0F'.repeat(100),
      }),
    ).rejects.toBeInstanceOf(BadRequestException);
  });

  it.each(['constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'])(
    'refuses a body key named %s',
    async (key) => {
      await expect(
        validate(SendMessageDto, JSON.parse(`{"content":"hi","${key}":1}`)),
      ).rejects.toBeInstanceOf(BadRequestException);
    },
  );

  it('refuses a reserved personality trait name', async () => {
    const valid = await someValid('RegisterAgentDto');
    await expect(
      validate(RegisterAgentDto, {
        ...valid,
        personalityTraits: { ...(valid as any).personalityTraits, toString: 0.5 },
      }),
    ).rejects.toBeInstanceOf(BadRequestException);
  });

  it.each(['name', 'bio', 'interests', 'personalityTraits'])(
    'refuses null for the update field %s',
    async (field) => {
      await expect(validate(UpdateProfileDto, { [field]: null })).rejects.toBeInstanceOf(
        BadRequestException,
      );
    },
  );

  it('refuses a body nested 10 000 levels deep with a BadRequestException', async () => {
    const deep = JSON.parse(`{"content":${'['.repeat(10_000)}${']'.repeat(10_000)}}`);
    await expect(validate(SendMessageDto, deep)).rejects.toBeInstanceOf(BadRequestException);
  });
});

/** A valid body of the DTO (checked to be accepted, so the unknown-field property tests the key alone). */
async function someValid(name: string): Promise<Record<string, unknown>> {
  await expect(validate(CONTRACTS[name].dto, structuredClone(VALID[name]))).resolves.toBeInstanceOf(
    CONTRACTS[name].dto,
  );
  return structuredClone(VALID[name]);
}
