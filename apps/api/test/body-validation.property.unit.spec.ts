import 'reflect-metadata';
import { BadRequestException } from '@nestjs/common';
import fc from 'fast-check';
import { validate, Contract, CONTRACTS, someValid } from './testing/body-contracts';
import { safeKey, json, number, bodies } from './testing/body-arbitraries';

/**
 * Property tests of the validation every request body goes through: the app's global
 * StrictValidationPipe on each body DTO, fed arbitrary JSON values. Whatever comes in, the pipe either
 * throws a BadRequestException (a 400) or returns an instance of the DTO whose every field is within
 * the documented limits (./support/body-contracts.ts) — never another exception (a 500).
 */

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
});
