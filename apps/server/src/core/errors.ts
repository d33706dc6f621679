import { ErrorCode, type ApiError } from '@shopdesk/shared';

type Detail = NonNullable<ApiError['details']>[number];

/**
 * An expected failure with its HTTP status and the API's error shape. Services throw these; the
 * error handler turns them into `{message, code, details?}`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: Detail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toJSON(): ApiError {
    return { message: this.message, code: this.code, ...(this.details ? { details: this.details } : {}) };
  }
}

export function notFound(message = 'We could not find what you were looking for.'): AppError {
  return new AppError(404, ErrorCode.NOT_FOUND, message);
}

export function unauthorized(message = 'Please log in to continue.'): AppError {
  return new AppError(401, ErrorCode.UNAUTHORIZED, message);
}

/** A 400 naming one field, for rules a schema cannot check (e.g. a wrong current password). */
export function fieldError(code: string, field: string, message: string, status = 400): AppError {
  return new AppError(status, code, message, [{ field, message }]);
}

/** A 429 telling the client when to try again (whole seconds, at least 1). */
export function rateLimited(retryAfterMs: number, message?: string): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(
    429,
    ErrorCode.RATE_LIMITED,
    message ??
      (seconds <= 60
        ? 'Too many attempts. Please wait a moment and try again.'
        : 'Too many attempts. Please wait a few minutes and try again.'),
    undefined,
    { 'retry-after': String(seconds) },
  );
}
