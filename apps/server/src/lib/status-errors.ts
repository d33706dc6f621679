import { ErrorCode, type ApiError } from '@shopdesk/shared';

/**
 * The API's answer for an error known only by its HTTP status: raised by the framework, a plugin or
 * Node's HTTP parser rather than by our code. One table, so every such answer has the error shape of
 * product.md §6 with a code that names what happened and a sentence a shop owner understands.
 */
const BY_STATUS: Record<number, ApiError> = {
  400: { code: ErrorCode.BAD_REQUEST, message: 'The request could not be understood.' },
  401: { code: ErrorCode.UNAUTHORIZED, message: 'Please log in to continue.' },
  // A path outside what is served (e.g. a traversal attempt) is simply not there.
  403: { code: ErrorCode.NOT_FOUND, message: 'This address does not exist.' },
  404: { code: ErrorCode.NOT_FOUND, message: 'This address does not exist.' },
  405: { code: ErrorCode.METHOD_NOT_ALLOWED, message: 'This address does not accept this kind of request.' },
  408: { code: ErrorCode.REQUEST_TIMEOUT, message: 'The request took too long to arrive. Please try again.' },
  413: { code: ErrorCode.PAYLOAD_TOO_LARGE, message: 'The request is too large.' },
  414: { code: ErrorCode.URI_TOO_LONG, message: 'The address is too long.' },
  415: { code: ErrorCode.UNSUPPORTED_MEDIA_TYPE, message: 'Please send the request as JSON.' },
  429: { code: ErrorCode.RATE_LIMITED, message: 'Too many attempts. Please wait a few minutes and try again.' },
  431: { code: ErrorCode.HEADERS_TOO_LARGE, message: 'The request headers are too large.' },
};

/** The error body for `status` (4xx other than the table's read as a bad request; 403 as not found). */
export function errorForStatus(status: number): { status: number; body: ApiError } {
  if (status === 403) return { status: 404, body: BY_STATUS[404]! };
  const body = BY_STATUS[status];
  if (body) return { status, body };
  if (status >= 400 && status < 500) return { status, body: BY_STATUS[400]! };
  return {
    status: 500,
    body: { code: ErrorCode.INTERNAL_ERROR, message: 'Something went wrong on our side. Please try again.' },
  };
}
