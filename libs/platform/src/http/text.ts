import { registerDecorator, ValidateIf, ValidationOptions } from 'class-validator';

/**
 * A string of `min`..`max` Unicode characters (code points), as the README promises. class-validator's
 * Length counts UTF-16 units minus surrogate pairs and variation selectors, which is neither.
 */
export function TextLength(
  min: number,
  max: number,
  options?: ValidationOptions,
): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'textLength',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `$property must be a string of ${min} to ${max} characters`, ...options },
      constraints: [min, max],
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string') return false;
          const n = codePoints(value);
          return n >= min && n <= max;
        },
      },
    });
}

export function codePoints(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/**
 * Optional means "may be absent", not "may be null": `{"name": null}` is a wrong type (400), where
 * class-validator's IsOptional would let it through to the domain.
 */
export function IsOptionalNotNull(): PropertyDecorator {
  return ValidateIf((_: object, value: unknown) => value !== undefined);
}
