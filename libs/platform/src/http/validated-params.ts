import { Body, Param, Query } from '@nestjs/common';
import { StrictValidationPipe } from './validation';

/**
 * The one validation pipe, on the parameters that carry a client's input and on nothing else.
 *
 * It used to be global (`app.useGlobalPipes`). Nest then runs the global pipes on every parameter
 * a pipe may transform, custom decorators included (`isPipeable` in `router-execution-context.js`
 * of @nestjs/core 11.2: a custom parameter's type is a string). `@CurrentAgent()` and
 * `@IdempotencyScope()` went through the pipe chain on every request, a run of promises for a
 * pipe that hands them back untouched: about 6 000–7 000 instructions a parameter, 5–6 % of the
 * floor's `GET` (docs/request-floor.md). Nest skips the chain for a parameter whose pipe list is
 * empty.
 *
 * One instance for every route: its memo of valid query strings is shared by every route, as it
 * was when the pipe was global. `eslint.config.mjs` forbids Nest's `Body`, `Query` and `Param`
 * outside this file, and `test/validated-params.e2e.spec.ts` finds every route's input parameters
 * holding this pipe.
 */
export const VALIDATION_PIPE = new StrictValidationPipe();

/** The request's JSON body, validated against the parameter's class. */
export const ValidBody = (): ParameterDecorator => Body(VALIDATION_PIPE);

/** The query string, validated against the parameter's class. */
export const ValidQuery = (): ParameterDecorator => Query(VALIDATION_PIPE);

/** One path parameter, validated against the parameter's type. */
export const ValidParam = (name: string): ParameterDecorator => Param(name, VALIDATION_PIPE);
