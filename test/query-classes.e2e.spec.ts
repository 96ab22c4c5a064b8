import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { TransformationType } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage } from 'class-validator';
import { toInt } from '@companion/platform';
import { RunningApp, startApp } from './support/app';
import { routeHandlers } from './support/routes';

/**
 * The validation pipe keeps every short query string that passed and answers it again without
 * validating (libs/platform/src/http/validation.ts). That is sound only while a query class's
 * checks and transforms read nothing but the text (no clock, no store): this walks every route's
 * `@Query()` class and fails on a check or a transform outside those known to be. (An instance
 * holding an object is never kept: the pipe checks each one.)
 */
const PURE_CHECKS = [
  'isOptional',
  'isInt',
  'min',
  'max',
  'isString',
  'isIn',
  'matches',
  'textLength',
];

describe('query classes: checks that depend on the text alone', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp();
  });
  afterAll(() => running.close());

  it('every @Query() class of every route has only checks and transforms of the text alone', () => {
    const classes = new Set<new () => object>();
    for (const { type, name } of routeHandlers(running.app)) {
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, type, name) ?? {}) as Record<
        string,
        { index: number; data?: unknown }
      >;
      const types = Reflect.getMetadata('design:paramtypes', type.prototype, name) as
        Array<new () => object> | undefined;
      for (const [key, arg] of Object.entries(args))
        if (key.startsWith(`${RouteParamtypes.QUERY}:`) && arg.data === undefined)
          classes.add(types![arg.index]);
    }
    expect(classes.size).toBeGreaterThanOrEqual(9);
    const found: string[] = [];
    for (const cls of classes) {
      const checks = getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false);
      // A class nothing validates (or Object, where the type did not survive) would pass unseen.
      if (checks.length === 0) found.push(`${cls.name}: no checks`);
      for (const check of checks)
        if (!PURE_CHECKS.includes(check.name ?? check.type))
          found.push(`${cls.name}.${check.propertyName}: ${check.name ?? check.type}`);
      for (const property of new Set(checks.map((c) => c.propertyName))) {
        const parse = TransformationType.PLAIN_TO_CLASS;
        for (const t of defaultMetadataStorage.findTransformMetadatas(cls, property, parse))
          if (t.transformFn !== toInt) found.push(`${cls.name}.${property}: a transform`);
        if (defaultMetadataStorage.findTypeMetadata(cls, property))
          found.push(`${cls.name}.${property}: a @Type`);
      }
    }
    expect(found).toEqual([]);
  });
});
