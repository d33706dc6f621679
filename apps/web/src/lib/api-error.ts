import { ApiErrorSchema, type ApiError } from '@shopdesk/shared';
import { errorText } from './error-text.ts';

/** A call that reached the server and was answered with a non-2xx status. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** Parsed JSON error of the API when the body has that shape. */
  readonly apiError: ApiError | null;

  constructor(status: number, statusText: string, body: unknown) {
    super(errorText(status, statusText, body));
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
    const parsed = ApiErrorSchema.safeParse(body);
    this.apiError = parsed.success ? parsed.data : null;
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

/** The server could not be reached at all (offline, DNS, refused). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('NETWORK', { cause });
    this.name = 'NetworkError';
  }
}

/** The server answered 2xx with a body that does not match the shared contract. */
export class ContractError extends Error {
  constructor(path: string, cause: unknown) {
    super(`Unexpected response from ${path}`, { cause });
    this.name = 'ContractError';
  }
}
