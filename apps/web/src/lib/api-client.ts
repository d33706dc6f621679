import { STORE_HEADER } from '@shopdesk/shared';
import { useSession } from './session-store.ts';
import { storeSegment } from './store-segment.ts';
import { apiUrl } from './api-base.ts';
import { ApiRequestError, ContractError, NetworkError } from './api-error.ts';
import { requestsMayGo } from './update-guard.ts';

/**
 * A call's options. The answer's type is named by the caller (`request<Product>(…)`, types from
 * @shopdesk/shared) rather than checked here: the server parses every answer with the same shared
 * schema before it writes it (fastify-type-provider-zod's serializer, apps/server/src/app.ts) and
 * fails with a 500 instead of sending one that does not match, so what arrives is already the
 * schema's output, defaults filled in. Parsing it again would only put zod and every schema on the
 * first load of each screen.
 */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Sends `body` as these raw bytes with this Content-Type instead of JSON (image uploads). */
  contentType?: string;
  /** Overrides the X-Store header, which otherwise comes from the `{store}` route segment. */
  store?: string | null;
  signal?: AbortSignal;
  /** False for calls whose 401 is expected and handled by the caller (e.g. logout). */
  handleUnauthorized?: boolean;
}

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

async function send(secure: boolean, path: string, opts: RequestOptions) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.body !== undefined) headers['Content-Type'] = opts.contentType ?? 'application/json';
  if (secure) {
    const { jwt } = useSession.getState();
    if (jwt) headers.Authorization = `Bearer ${jwt}`;
    const store = opts.store !== undefined ? opts.store : storeSegment(window.location.pathname);
    if (store) headers[STORE_HEADER] = store;
  }
  const raw = opts.contentType !== undefined;
  // Held back while a new version takes over (update-guard.ts); the page then reloads, or they go.
  await requestsMayGo();
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

async function request<T>(secure: boolean, path: string, opts: RequestOptions): Promise<T> {
  const res = await send(secure, path, opts);
  const body = await readBody(res);
  if (secure && onWrite && (opts.method ?? 'GET') !== 'GET') {
    const code = body && typeof body === 'object' && 'code' in body ? String(body.code) : undefined;
    onWrite({ method: opts.method ?? 'GET', path, status: res.status, code });
  }
  if (!res.ok) throw failure(secure, res, body, opts);
  // An empty answer (204, 202) has nothing to read: calls that expect one name no type (void).
  if (body === '') return undefined as T;
  // Every answer of the API is JSON; text is some other server's page (a proxy's, a captive
  // portal's) or a cut-off body, never the contract's answer.
  if (typeof body === 'string') {
    console.error(`Response of ${path} is not JSON`);
    throw new ContractError(path, body.slice(0, 200));
  }
  return body as T;
}

/** Calls /api/auth and /api/public: no token, no cookies. */
export const publicApi = {
  request: <T = void>(path: string, opts: RequestOptions = {}) => request<T>(false, path, opts),
};

/** Calls /api/secure with the session's bearer token and the X-Store of the current route. */
export const secureApi = {
  request: <T = void>(path: string, opts: RequestOptions = {}) => request<T>(true, path, opts),
  /**
   * Downloads a file (CSV export, images) as a Blob. A plain link or <img> cannot carry the bearer
   * token, so these go through fetch too.
   */
  blob: async (path: string, opts: RequestOptions = {}): Promise<Blob> => {
    const res = await send(true, path, opts);
    if (!res.ok) throw failure(true, res, await readBody(res), opts);
    return res.blob();
  },
};
