/**
 * Errors are values at the domain edge and HTTP statuses at the controller edge, mapped in one
 * place (platform/errors/http-exception.filter.ts).
 */
export type DomainErrorKind =
  | 'invalid' // 400
  | 'unauthorized' // 401
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'conflict' // 409
  | 'gone' // 410
  | 'unprocessable' // 422
  | 'too_many'; // 429

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Stable machine-readable code, e.g. `agent_not_found`. */
    readonly code: string,
    /** For `too_many`: seconds until the request may succeed (the Retry-After header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (code: string, message: string) => new DomainError('invalid', message, code);
export const notFound = (code: string, message: string) =>
  new DomainError('not_found', message, code);
export const conflict = (code: string, message: string) =>
  new DomainError('conflict', message, code);
export const unprocessable = (code: string, message: string) =>
  new DomainError('unprocessable', message, code);
export const gone = (code: string, message: string) => new DomainError('gone', message, code);
export const forbidden = (code: string, message: string) =>
  new DomainError('forbidden', message, code);
export const tooMany = (code: string, message: string, retryAfterSeconds: number) =>
  new DomainError('too_many', message, code, retryAfterSeconds);
