import { ErrorCode, STORE_HEADER, TILL_MEMBER_HEADER } from '@shopdesk/shared';
import { useSession } from './session-store.ts';
import { useTill } from './till/till-state.ts';
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
  /**
   * On a till: the X-Till-Member to send instead of the member unlocked now. A sale queued offline
   * keeps the one it was made with, so it is recorded under that member whenever it syncs; null
   * sends none.
   */
  tillMember?: string | null;
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

/**
 * The credential of a secure call. On a till (product.md §2, till mode) the till's own token, its
 * store whatever the route says, and the member unlocked there (or the one an action was made
 * with); else the person's session and the route's store.
 */
function authHeaders(headers: Record<string, string>, opts: RequestOptions): string | null {
  const till = useTill.getState();
  if (till.store && till.tillToken) {
    headers.Authorization = `Bearer ${till.tillToken}`;
    headers[STORE_HEADER] = till.store;
    const member = opts.tillMember !== undefined ? opts.tillMember : till.memberToken;
    if (member) headers[TILL_MEMBER_HEADER] = member;
    return till.tillToken;
  }
  const { jwt } = useSession.getState();
  if (jwt) headers.Authorization = `Bearer ${jwt}`;
  const store = opts.store !== undefined ? opts.store : storeSegment(window.location.pathname);
  if (store) headers[STORE_HEADER] = store;
  return null;
}

/** A response and how it was asked (a till's 401 depends on which credential went). */
interface Sent {
  res: Response;
  headers: Record<string, string>;
  /** The till token it went with; null: a person's session (or none). */
  tillToken: string | null;
}

async function send(secure: boolean, path: string, opts: RequestOptions): Promise<Sent> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.body !== undefined) headers['Content-Type'] = opts.contentType ?? 'application/json';
  const tillToken = secure ? authHeaders(headers, opts) : null;
  const raw = opts.contentType !== undefined;
  // Held back while a new version takes over (update-guard.ts); the page then reloads, or they go.
  await requestsMayGo();
  try {
    const res = await fetch(apiUrl(path), {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : raw ? (opts.body as BodyInit) : JSON.stringify(opts.body),
      // The public client never sends cookies; the authenticated one does (original.md §7).
      credentials: secure ? 'include' : 'omit',
      signal: opts.signal,
    });
    return { res, headers, tillToken };
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new NetworkError(e);
  }
}

/**
 * A till's 401: the till was turned off (TILL_REVOKED, or its token no longer known), which holds
 * for the whole device whoever asked; or the member's token was refused (TILL_LOCKED), which locks
 * the till only when it was the live member's (a queued sale's own token is the queue's concern).
 * Never a person's "session expired", even when the till was turned off while it was on its way.
 */
function tillUnauthorized(error: ApiRequestError, { headers, tillToken }: Sent) {
  const till = useTill.getState();
  // Answered after the till was turned off (or left) by an earlier answer: that one said it all.
  if (!till.tillToken || till.tillToken !== tillToken) return;
  if (error.code !== ErrorCode.TILL_LOCKED) till.revoke();
  else if (till.memberToken && headers[TILL_MEMBER_HEADER] === till.memberToken) till.lock();
}

function failure(secure: boolean, sent: Sent, body: unknown, opts: RequestOptions) {
  const { res } = sent;
  const error = new ApiRequestError(res.status, res.statusText, body, res.headers.get('retry-after'));
  if (!secure || res.status !== 401) return error;
  if (sent.tillToken) tillUnauthorized(error, sent);
  else if (opts.handleUnauthorized !== false) onUnauthorized?.(error);
  return error;
}

async function request<T>(secure: boolean, path: string, opts: RequestOptions): Promise<T> {
  const sent = await send(secure, path, opts);
  const { res } = sent;
  const body = await readBody(res);
  if (secure && onWrite && (opts.method ?? 'GET') !== 'GET') {
    const code = body && typeof body === 'object' && 'code' in body ? String(body.code) : undefined;
    onWrite({ method: opts.method ?? 'GET', path, status: res.status, code });
  }
  if (!res.ok) throw failure(secure, sent, body, opts);
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

/** Calls /api/secure with the session's bearer token and the X-Store of the current route, or as the till. */
export const secureApi = {
  request: <T = void>(path: string, opts: RequestOptions = {}) => request<T>(true, path, opts),
  /**
   * Downloads a file (CSV export, images) as a Blob. A plain link or <img> cannot carry the bearer
   * token, so these go through fetch too.
   */
  blob: async (path: string, opts: RequestOptions = {}): Promise<Blob> => {
    const sent = await send(true, path, opts);
    if (!sent.res.ok) throw failure(true, sent, await readBody(sent.res), opts);
    return sent.res.blob();
  },
};
