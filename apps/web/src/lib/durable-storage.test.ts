import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiBase, setApiBase } from './api-base.ts';
import { mirrorStorage } from './durable-storage.ts';
import { startNativeApp } from './native-boot.ts';
import { SESSION_STORAGE_KEY, useSession } from './session-store.ts';

// Capacitor Preferences as the apps' bridge answers it: a key-value store the test can read.
const prefs = vi.hoisted(() => new Map<string, string>());
vi.mock('@capacitor/preferences', () => ({
  Preferences: {
    get: async ({ key }: { key: string }) => ({ value: prefs.get(key) ?? null }),
    set: async ({ key, value }: { key: string; value: string }) => void prefs.set(key, value),
    remove: async ({ key }: { key: string }) => void prefs.delete(key),
  },
}));

const USER = {
  userId: 'u1',
  email: 'owner@example.com',
  name: 'Owner',
  locale: 'en-US',
  premium: 0,
  defaultStoreId: null,
  defaultStore: null,
} as unknown as Parameters<ReturnType<typeof useSession.getState>['login']>[1];

beforeEach(() => {
  prefs.clear();
  localStorage.clear();
});
afterEach(() => {
  useSession.getState().clearSession();
  mirrorStorage(null);
  setApiBase('');
});

describe('where the session is kept', () => {
  it('in a browser: localStorage only', async () => {
    useSession.getState().login('jwt-browser', USER);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toContain('jwt-browser');
    await new Promise((r) => setTimeout(r, 0));
    expect(prefs.size).toBe(0);
  });

  it('in the apps: in Preferences too, and back from there when the WebView lost its storage', async () => {
    await startNativeApp('ios');
    expect(apiBase()).toBe('http://localhost:3000');
    useSession.getState().login('jwt-app', USER);
    await vi.waitFor(() => expect(prefs.get(SESSION_STORAGE_KEY)).toContain('jwt-app'));
    const kept = prefs.get(SESSION_STORAGE_KEY)!;

    // The app starts again after the system cleared the WebView's storage: an empty session in
    // memory and in localStorage, the session still in Preferences.
    useSession.setState({ jwt: null, loggedUser: null });
    await vi.waitFor(() => expect(prefs.get(SESSION_STORAGE_KEY)).not.toContain('jwt-app'));
    localStorage.clear();
    prefs.set(SESSION_STORAGE_KEY, kept);
    await startNativeApp('ios');
    expect(useSession.getState().jwt).toBe('jwt-app');
    expect(useSession.getState().loggedUser?.userId).toBe('u1');
  });

  it('in the apps: logging out clears Preferences as well', async () => {
    await startNativeApp('android');
    useSession.getState().login('jwt-app', USER);
    await vi.waitFor(() => expect(prefs.has(SESSION_STORAGE_KEY)).toBe(true));
    useSession.getState().clearSession();
    await vi.waitFor(() => expect(prefs.has(SESSION_STORAGE_KEY)).toBe(false));
    await startNativeApp('android');
    expect(useSession.getState().jwt).toBeNull();
  });
});
