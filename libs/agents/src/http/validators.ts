import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';
import { LIMITS, REQUIRED_TRAITS } from '@companion/platform';

/**
 * `personalityTraits` (spec §2): the five required numbers, plus extra numeric properties, each
 * from 0 to 1 inclusive. Extra trait names are identifiers (ours: at most 32 traits in all).
 */
export function IsPersonalityTraits(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isPersonalityTraits',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown) => traitProblem(value) === null,
        defaultMessage: (args: ValidationArguments) =>
          `${args.property} ${traitProblem(args.value)}`,
      },
    });
}

export function traitProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'must be an object of numbers';
  const entries = Object.entries(value);
  const { maxKeys, keyPattern } = LIMITS.agent.personalityTraits;
  if (entries.length > maxKeys) return `must have at most ${maxKeys} traits`;
  for (const required of REQUIRED_TRAITS)
    if (!(required in value))
      return `must include ${REQUIRED_TRAITS.join(', ')} (missing ${required})`;
  for (const [key, v] of entries) {
    if (key in Object.prototype) return `trait name "${key}" is reserved`;
    if (!keyPattern.test(key))
      return `trait name "${key.slice(0, 60)}" must be a letter followed by up to 49 letters, digits or underscores`;
    if (
      typeof v !== 'number' ||
      !Number.isFinite(v) ||
      v < LIMITS.trait.min ||
      v > LIMITS.trait.max
    ) {
      return `trait ${key} must be a number from ${LIMITS.trait.min} to ${LIMITS.trait.max}`;
    }
  }
  return null;
}

/** A required text must hold something other than whitespace (ours: a blank name is no name). */
export function IsNotBlank(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isNotBlank',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `$property must not be blank`, ...options },
      // Zero-width spaces and joiners are not whitespace to Unicode, but a name of them is blank.
      validator: {
        validate: (value: unknown) =>
          typeof value !== 'string' ||
          value.replace(/[\u200B-\u200D\u2060\uFEFF]/g, '').trim().length > 0,
      },
    });
}
