import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Inject,
  Logger,
  Optional,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EventStoreUnavailableError, WrongExpectedRevisionError } from '@companion/event-store';
import { DomainError, DomainErrorKind } from '../domain';
import { IdempotentReplay } from '../idempotency/idempotency.guard';
import { NOT_FOUND_PAGE, NotFoundPage, wantsPage } from './not-found-page';

const STATUS: Record<DomainErrorKind, number> = {
  invalid: HttpStatus.BAD_REQUEST,
  unauthorized: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  gone: HttpStatus.GONE,
  unprocessable: HttpStatus.UNPROCESSABLE_ENTITY,
  too_many: HttpStatus.TOO_MANY_REQUESTS,
};

const REASON: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string | string[];
  code?: string;
  /** Seconds, on 429. */
  retryAfter?: number;
}

/**
 * The one place where errors become HTTP responses. The body keeps Nest's shape
 * (`statusCode`, `error`, `message`) and adds a stable `code` where we have one. It also sends the
 * stored answer of a replayed write (`IdempotentReplay`), the one way a guard can answer.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  constructor(@Optional() @Inject(NOT_FOUND_PAGE) private readonly notFoundPage?: NotFoundPage) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    // Not an error: a retry answered from its Idempotency-Key's record.
    if (exception instanceof IdempotentReplay) return exception.send(reply);
    const body = toErrorBody(exception);
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    if (body.statusCode === 404 && this.notFoundPage && wantsPage(request)) {
      const page = this.notFoundPage.render(request.url.split('?')[0]);
      void reply.status(404).headers(page.headers).send(page.html);
      return;
    }
    // The request's id from the request, as its request line has it: no async context carries it
    // to Nest's lines (request-log-hooks.ts says why).
    if (body.statusCode >= 500)
      this.logger.error({
        requestId: request.id,
        msg:
          exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      });
    if (body.statusCode === 401) void reply.header('WWW-Authenticate', 'Bearer');
    if (body.retryAfter !== undefined) void reply.header('Retry-After', String(body.retryAfter));
    void reply.status(body.statusCode).send(body);
  }
}

/** What a 415 says, whichever layer (Fastify's parser, Nest) refused the media type. */
const SEND_JSON = 'send the body as JSON, with the header Content-Type: application/json';

export function toErrorBody(exception: unknown): ErrorBody {
  const body = errorBodyOf(exception);
  return body.statusCode === 415 ? { ...body, message: SEND_JSON } : body;
}

function errorBodyOf(exception: unknown): ErrorBody {
  if (exception instanceof DomainError) {
    const statusCode = STATUS[exception.kind];
    return {
      statusCode,
      error: REASON[statusCode],
      message: exception.message,
      code: exception.code,
      ...(exception.retryAfterSeconds === undefined
        ? {}
        : { retryAfter: exception.retryAfterSeconds }),
    };
  }
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    const res = exception.getResponse();
    if (typeof res === 'object' && res !== null) {
      const r = res as Partial<ErrorBody>;
      return {
        statusCode,
        error: r.error ?? REASON[statusCode] ?? 'Error',
        message: r.message ?? exception.message,
        ...(r.code ? { code: r.code } : {}),
      };
    }
    return { statusCode, error: REASON[statusCode] ?? 'Error', message: String(res) };
  }
  if (exception instanceof WrongExpectedRevisionError) {
    return {
      statusCode: 409,
      error: REASON[409],
      message: 'the resource changed concurrently; refresh and retry',
      code: 'concurrent_change',
    };
  }
  if (exception instanceof EventStoreUnavailableError) {
    return {
      statusCode: 503,
      error: REASON[503],
      message: 'the event store is unavailable',
      code: 'store_unavailable',
    };
  }
  // Fastify's own errors (malformed JSON, body too large, unsupported media type) carry a 4xx status.
  const status = (exception as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const fastifyCode = (exception as { code?: string }).code;
    return {
      statusCode: status,
      error: REASON[status] ?? 'Error',
      message: describeFastifyError(fastifyCode, (exception as Error).message),
      code: fastifyCode ? fastifyCode.toLowerCase() : undefined,
    };
  }
  return { statusCode: 500, error: REASON[500], message: 'internal error' };
}

function describeFastifyError(code: string | undefined, fallback: string): string {
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'the body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'the body is larger than the limit';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'a path parameter is longer than 200 characters';
    default:
      return fallback;
  }
}
