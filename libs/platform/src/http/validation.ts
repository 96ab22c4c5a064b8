import { ArgumentMetadata, BadRequestException, Injectable, ValidationPipe } from '@nestjs/common';

/**
 * Global validation (architecture §7): unknown fields, wrong types and out-of-range values give
 * 400, and so does a body that is not a JSON object (an array, a string, null).
 */
@Injectable()
export class StrictValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      validationError: { target: false, value: false },
      stopAtFirstError: false,
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && metadata.metatype && metadata.metatype !== Object) {
      if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw new BadRequestException('the body must be a JSON object');
      }
    }
    return super.transform(value, metadata);
  }
}
