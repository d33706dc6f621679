import type { ApiError } from '@shopdesk/shared';
import { errorText } from './error-text.ts';

/** A call that reached the server and was answered with a non-2xx status. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** Parsed JSON error of the API when the body has that shape. */
  readonly apiError: ApiError | null;
  /** From a 429's (or 503's) Retry-After header: how long the server asks to wait, in ms. */
  readonly retryAfterMs: number | null;

  constructor(status: number, statusText: string, body: unknown, retryAfter?: string | null) {
    super(errorText(status, statusText, body));
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
    this.apiError = readApiError(body);
    this.retryAfterMs = parseRetryAfter(retryAfter);
  }

  get code(): string | undefined {
    return this.apiError?.code;
  }

  /** Field errors of a 400, keyed by the field's dotted path. */
  get fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const d of this.apiError?.details ?? []) if (!(d.field in out)) out[d.field] = d.message;
    return out;
  }
}

const isText = (v: unknown): v is string => typeof v === 'string';

/**
 * The body as the API's error shape (ApiErrorSchema in @shopdesk/shared: message, code, optional
 * details of field and message), or null when it is not that shape. Checked by hand, keeping only
 * those fields as the schema's parse did, so an error answer is read without zod on the first load.
 */
export function readApiError(body: unknown): ApiError | null {
  if (!body || typeof body !== 'object') return null;
  const { message, code, details } = body as Record<string, unknown>;
  if (!isText(message) || !isText(code)) return null;
  if (details === undefined) return { message, code };
  if (!Array.isArray(details)) return null;
  const read: NonNullable<ApiError['details']> = [];
  for (const d of details as unknown[]) {
    if (!d || typeof d !== 'object') return null;
    const { field, message: text } = d as Record<string, unknown>;
    if (!isText(field) || !isText(text)) return null;
    read.push({ field, message: text });
  }
  return { message, code, details: read };
}

/** Retry-After is delay-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its day and month; a bare number with a sign is neither form.
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The server could not be reached at all (offline, DNS, refused). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('NETWORK', { cause });
    this.name = 'NetworkError';
  }
}

/** The server answered 2xx with a body that is not JSON, so not the contract's answer. */
export class ContractError extends Error {
  constructor(path: string, cause: unknown) {
    super(`Unexpected response from ${path}`, { cause });
    this.name = 'ContractError';
  }
}
