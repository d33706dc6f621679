import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiBase, apiUrl, publicOrigin } from './api-base.ts';
import { enterApp, leaveApp } from './native-platform.test-support.ts';

afterEach(() => {
  leaveApp();
  vi.unstubAllEnvs();
});

describe('the API base address (original.md §7)', () => {
  it('is the page host in a browser: paths stay relative and links use the page origin', () => {
    vi.stubEnv('VITE_API_URL', 'https://shop.example.com');
    expect(apiBase()).toBe('');
    expect(apiUrl('/api/secure/product')).toBe('/api/secure/product');
    expect(publicOrigin()).toBe(window.location.origin);
  });

  it('is the host machine as the Android emulator reaches it in a development app', () => {
    vi.stubEnv('VITE_API_URL', '');
    enterApp('android');
    expect(apiUrl('/api/public/health')).toBe('http://10.0.2.2:3000/api/public/health');
  });

  it('is localhost in a development app on the iOS simulator', () => {
    vi.stubEnv('VITE_API_URL', '');
    enterApp('ios');
    expect(apiBase()).toBe('http://localhost:3000');
  });

  it('is the configured server in a release app, for calls and for links given to customers', () => {
    vi.stubEnv('VITE_API_URL', 'https://shop.example.com/');
    enterApp('android');
    expect(apiUrl('/api/secure/product')).toBe('https://shop.example.com/api/secure/product');
    expect(publicOrigin()).toBe('https://shop.example.com');
    // Absolute addresses (a blob: image, another host) are left alone.
    expect(apiUrl('blob:https://localhost/1')).toBe('blob:https://localhost/1');
  });
});
