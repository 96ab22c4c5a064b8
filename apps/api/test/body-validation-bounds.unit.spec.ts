import 'reflect-metadata';
import { BadRequestException } from '@nestjs/common';
import { RegisterAgentDto, UpdateProfileDto } from '@companion/agents';
import { ContributionDto } from '@companion/dates';
import { SendMessageDto } from '@companion/matching';
import { validate, someValid } from './testing/body-contracts';

/**
 * StrictValidationPipe at the exact limits, and the cases the property tests
 * (./body-validation.property.unit.spec.ts) found: each fixed, each kept here as an example.
 */
describe('StrictValidationPipe on every body DTO (property)', () => {
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
