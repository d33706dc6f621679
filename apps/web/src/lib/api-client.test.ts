import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicApi, secureApi, setUnauthorizedHandler } from './api-client.ts';
import { ApiRequestError, ContractError, NetworkError } from './api-error.ts';
import { initialSessionState, useSession } from './session-store.ts';
import { TILL_STORAGE_KEY, useTill } from './till/till-state.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useSession.setState({ ...initialSessionState(), jwt: 'tok' });
  window.history.pushState({}, '', '/corner-shop/profile');
});
afterEach(() => {
  fetchMock.mockReset();
  setUnauthorizedHandler(null);
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api clients', () => {
  it('secure client sends the bearer token and X-Store from the route', async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await secureApi.request<{ ok: boolean }>('/api/secure/x');
    const init = fetchMock.mock.calls[0]![1]!;
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['X-Store']).toBe('corner-shop');
    expect(init.credentials).toBe('include');
  });

  it('public client sends neither token nor cookies', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 202 }));
    await publicApi.request('/api/auth/x', { method: 'POST', body: { a: 1 } });
    const init = fetchMock.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(init.credentials).toBe('omit');
  });

  it('turns error answers into ApiRequestError with field errors', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        message: 'Invalid input',
        code: 'VALIDATION_ERROR',
        details: [{ field: 'email', message: 'Bad email' }],
      }),
    );
    const err = await publicApi.request('/api/auth/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect((err as ApiRequestError).message).toBe('Invalid input');
    expect((err as ApiRequestError).fieldErrors).toEqual({ email: 'Bad email' });
  });

  it('calls the unauthorized handler on a secure 401 only', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValue(json(401, { message: 'Log in', code: 'UNAUTHORIZED' }));
    await secureApi.request('/api/secure/x').catch(() => undefined);
    expect(handler).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValue(json(401, { message: 'Wrong', code: 'INVALID_CREDENTIALS' }));
    await publicApi.request('/api/auth/login').catch(() => undefined);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('answers the JSON body as the server wrote it', async () => {
    const body = { code: 'A1', taxRate: null, lines: [{ quantity: 2 }] };
    fetchMock.mockResolvedValue(json(200, body));
    await expect(secureApi.request<typeof body>('/api/secure/x')).resolves.toEqual(body);
    fetchMock.mockResolvedValue(json(200, ['a', 'b']));
    await expect(secureApi.request<string[]>('/api/secure/x')).resolves.toEqual(['a', 'b']);
  });

  it('answers nothing for an empty answer (204, 202)', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(secureApi.request('/api/secure/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('refuses a 2xx that is not JSON (a proxy or captive portal page) as ContractError', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(new Response('<html>Sign in to the Wi-Fi</html>', { status: 200 }));
    await expect(secureApi.request<{ ok: boolean }>('/api/secure/x')).rejects.toBeInstanceOf(ContractError);
    spy.mockRestore();
  });

  it('reports an unreachable server as NetworkError', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(publicApi.request('/api/auth/x')).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('on a till (product.md §2, till mode)', () => {
  const till = { store: 'corner', tillId: 'till-1', tillName: 'Till 1', tillToken: 'till-token' };
  const ben = { userId: 'ben-id', name: 'Ben', role: 'CASHIER' as const, permissions: [], maxDiscount: 0 };
  const sentHeaders = () => fetchMock.mock.calls.at(-1)![1]!.headers as Record<string, string>;
  beforeEach(() => {
    // The person's session is gone on a till; a stale token left behind must never be sent.
    useTill.getState().become(till);
    useTill.getState().unlock(ben, 'ben-token');
  });
  afterEach(() => useTill.getState().forget());

  it('sends the till’s token, its store whatever the route, and the member unlocked there', async () => {
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    window.history.pushState({}, '', '/elsewhere/shop/counter');
    await secureApi.request('/api/secure/x', { store: 'other' });
    expect(sentHeaders()).toMatchObject({
      Authorization: 'Bearer till-token',
      'X-Store': 'corner',
      'x-till-member': 'ben-token',
    });
  });

  it('sends the member a queued action was made with, or none, when told', async () => {
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    await secureApi.request('/api/secure/x', { tillMember: 'mia-token' });
    expect(sentHeaders()['x-till-member']).toBe('mia-token');
    await secureApi.request('/api/secure/x', { tillMember: null });
    expect(sentHeaders()['x-till-member']).toBeUndefined();
    useTill.getState().lock();
    await secureApi.request('/api/secure/x');
    expect(sentHeaders()['x-till-member']).toBeUndefined();
  });

  it('is turned off by 401 TILL_REVOKED: the token goes, the member too, no session handling', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchMock.mockImplementation(async () => json(401, { message: 'This till was turned off', code: 'TILL_REVOKED' }));
    await expect(secureApi.request('/api/secure/x')).rejects.toBeInstanceOf(ApiRequestError);
    expect(useTill.getState()).toMatchObject({ revoked: true, tillToken: null, member: null, memberToken: null });
    expect(JSON.parse(localStorage.getItem(TILL_STORAGE_KEY)!)).toMatchObject({ revoked: true, tillToken: null });
    expect(handler).not.toHaveBeenCalled();
  });

  it('never takes a till’s 401 for a person’s expired session, even one answered after the till was turned off', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const late = secureApi.request('/api/secure/x').catch(() => undefined);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    useTill.getState().revoke();
    answer(json(401, { message: 'This till was turned off', code: 'TILL_REVOKED' }));
    await late;
    expect(handler).not.toHaveBeenCalled();
    expect(useTill.getState()).toMatchObject({ revoked: true, store: 'corner' });
  });

  it('locks on 401 TILL_LOCKED for the member unlocked now, not for a queued action’s own member', async () => {
    fetchMock.mockImplementation(async () => json(401, { message: 'Unlock the till', code: 'TILL_LOCKED' }));
    await secureApi.request('/api/secure/x', { tillMember: 'old-token' }).catch(() => undefined);
    expect(useTill.getState().member).toEqual(ben);
    await secureApi.request('/api/secure/x').catch(() => undefined);
    expect(useTill.getState()).toMatchObject({ member: null, memberToken: null, tillToken: 'till-token' });
  });
});
