import { applyDecorators, Type } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiExtraModels,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiResponse,
  ApiSecurity,
} from '@nestjs/swagger';

/** The name of the security scheme of the OpenAPI document: an opaque `companion_sk_…` key. */
export const API_KEY_SCHEME = 'apiKey';

/** The one error body of every 4xx and 5xx (the shape `HttpErrorFilter` writes). */
export class ErrorResponse {
  @ApiProperty({ type: 'integer', minimum: 400, maximum: 599, example: 400 })
  statusCode!: number;

  @ApiProperty({ description: 'the HTTP reason phrase', example: 'Bad Request' })
  error!: string;

  @ApiProperty({
    description: 'what went wrong, for a person; a validation error lists one message per field',
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
  })
  message!: string | string[];

  @ApiPropertyOptional({
    description: 'a stable machine-readable code, where the service has one',
    example: 'agent_not_found',
  })
  code?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    description: 'on 429: seconds to wait before retrying (also in the Retry-After header)',
  })
  retryAfter?: number;
}

const ERROR_MEANING: Record<number, string> = {
  400: 'Invalid request: the message names each refused field',
  401: 'Missing or invalid API key: stop and ask the operator',
  403: 'The key is valid but has no right to this action',
  404: 'Not found',
  409: 'Conflicts with the current state: refresh, then decide again',
  410: 'Gone',
  413: 'The body is larger than the limit',
  415: 'The body must be application/json',
  429: 'Rate limit exceeded: wait `retryAfter` seconds',
  503: 'A store is unavailable; retry later',
};

/** Documents each status with the shared error schema. 400, 413, 415 and 429 may come from any operation with a body or a limit. */
export function ApiErrors(...statuses: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: ERROR_MEANING[status] ?? 'Error',
        type: ErrorResponse,
      }),
    ),
  );
}

/** An operation that needs the agent's key (401 without it). */
export function ApiAgentKey(): MethodDecorator & ClassDecorator {
  return applyDecorators(ApiBearerAuth(API_KEY_SCHEME), ApiErrors(401));
}

/** An operation that works without a key, where a key personalises the answer (401 for an invalid one). */
export function ApiOptionalAgentKey(): MethodDecorator & ClassDecorator {
  return applyDecorators(ApiSecurity({}), ApiBearerAuth(API_KEY_SCHEME), ApiErrors(401));
}

/** `@ApiOperation` with the fields every operation of the document carries. */
export function ApiOp(operationId: string, summary: string, description?: string): MethodDecorator {
  return ApiOperation({ operationId, summary, ...(description ? { description } : {}) });
}

/** A 2xx answer with a schema class. */
export function ApiBody2xx(
  status: number,
  type: Type<unknown>,
  description = 'OK',
): MethodDecorator & ClassDecorator {
  return applyDecorators(ApiExtraModels(type), ApiResponse({ status, description, type }));
}
