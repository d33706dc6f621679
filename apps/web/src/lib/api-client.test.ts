import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicApi, secureApi, setUnauthorizedHandler } from './api-client.ts';
import { ApiRequestError, ContractError, NetworkError } from './api-error.ts';
import { initialSessionState, useSession } from './session-store.ts';

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
