import type { z } from 'zod';
import { STORE_HEADER } from '@shopdesk/shared';
import { useSession } from './session-store.ts';
import { storeSegment } from './store-segment.ts';
import { apiUrl } from './api-base.ts';
import { ApiRequestError, ContractError, NetworkError } from './api-error.ts';

export interface RequestOptions<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Sends `body` as these raw bytes with this Content-Type instead of JSON (image uploads). */
  contentType?: string;
  /** The shared zod schema of the answer; without it the answer is ignored (204/202 calls). */
  schema?: S;
  /** Overrides the X-Store header, which otherwise comes from the `{store}` route segment. */
  store?: string | null;
  signal?: AbortSignal;
  /** False for calls whose 401 is expected and handled by the caller (e.g. logout). */
  handleUnauthorized?: boolean;
}

type Result<S> = S extends z.ZodType ? z.infer<S> : void;

let onUnauthorized: ((error: ApiRequestError) => void) | null = null;

/** The app decides what a 401 from an authenticated call means (toast, clear, redirect). */
export function setUnauthorizedHandler(handler: ((error: ApiRequestError) => void) | null): void {
  onUnauthorized = handler;
}

/** A change the server accepted (or refused with `status`), for lib/subscription-status.ts. */
export interface WriteSeen {
  method: string;
  path: string;
  status: number;
  /** The answer's error code, when it was an error. */
  code?: string;
}

let onWrite: ((write: WriteSeen) => void) | null = null;

/**
 * Told of every answered authenticated write, so state that follows from many different writes (the
 * free-tier counts in the session) is refreshed in one place instead of by each screen's mutation.
 */
export function setWriteObserver(observer: ((write: WriteSeen) => void) | null): void {
  onWrite = observer;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(secure: boolean, path: string, opts: Omit<RequestOptions<undefined>, 'schema'>) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.body !== undefined) headers['Content-Type'] = opts.contentType ?? 'application/json';
  if (secure) {
    const { jwt } = useSession.getState();
    if (jwt) headers.Authorization = `Bearer ${jwt}`;
    const store = opts.store !== undefined ? opts.store : storeSegment(window.location.pathname);
    if (store) headers[STORE_HEADER] = store;
  }
  const raw = opts.contentType !== undefined;
  try {
    return await fetch(apiUrl(path), {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : raw ? (opts.body as BodyInit) : JSON.stringify(opts.body),
      // The public client never sends cookies; the authenticated one does (original.md §7).
      credentials: secure ? 'include' : 'omit',
      signal: opts.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new NetworkError(e);
  }
}

function failure(secure: boolean, res: Response, body: unknown, opts: { handleUnauthorized?: boolean }) {
  const error = new ApiRequestError(res.status, res.statusText, body, res.headers.get('retry-after'));
  if (secure && res.status === 401 && opts.handleUnauthorized !== false) onUnauthorized?.(error);
  return error;
}

async function request<S extends z.ZodType | undefined>(
  secure: boolean,
  path: string,
  opts: RequestOptions<S>,
): Promise<Result<S>> {
  const res = await send(secure, path, opts);
  const body = await readBody(res);
  if (secure && onWrite && (opts.method ?? 'GET') !== 'GET') {
    const code = body && typeof body === 'object' && 'code' in body ? String(body.code) : undefined;
    onWrite({ method: opts.method ?? 'GET', path, status: res.status, code });
  }
  if (!res.ok) throw failure(secure, res, body, opts);
  if (!opts.schema) return undefined as Result<S>;
  const parsed = opts.schema.safeParse(body);
  if (!parsed.success) {
    console.error(`Response of ${path} does not match the contract`, parsed.error);
    throw new ContractError(path, parsed.error);
  }
  return parsed.data as Result<S>;
}

/** Calls /api/auth and /api/public: no token, no cookies. */
export const publicApi = {
  request: <S extends z.ZodType | undefined = undefined>(path: string, opts: RequestOptions<S> = {}) =>
    request(false, path, opts),
};

/** Calls /api/secure with the session's bearer token and the X-Store of the current route. */
export const secureApi = {
  request: <S extends z.ZodType | undefined = undefined>(path: string, opts: RequestOptions<S> = {}) =>
    request(true, path, opts),
  /**
   * Downloads a file (CSV export, images) as a Blob. A plain link or <img> cannot carry the bearer
   * token, so these go through fetch too.
   */
  blob: async (path: string, opts: Omit<RequestOptions<undefined>, 'schema'> = {}): Promise<Blob> => {
    const res = await send(true, path, opts);
    if (!res.ok) throw failure(true, res, await readBody(res), opts);
    return res.blob();
  },
};
