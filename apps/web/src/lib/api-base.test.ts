import { afterEach, describe, expect, it } from 'vitest';
import { apiBase, apiUrl, publicOrigin, setApiBase } from './api-base.ts';
import { nativeApiBase } from './native-api-base.ts';

afterEach(() => setApiBase(''));

describe('the API base address (original.md §7)', () => {
  it('is the page host in a browser: paths stay relative and links use the page origin', () => {
    expect(apiBase()).toBe('');
    expect(apiUrl('/api/secure/product')).toBe('/api/secure/product');
    expect(publicOrigin()).toBe(window.location.origin);
  });

  it('is the host machine as the Android emulator and the iOS simulator reach it in a development app', () => {
    expect(nativeApiBase('android', '')).toBe('http://10.0.2.2:3000');
    expect(nativeApiBase('ios', undefined)).toBe('http://localhost:3000');
  });

  it('is the configured server in a release app, for calls and for links given to customers', () => {
    setApiBase(nativeApiBase('android', 'https://shop.example.com/'));
    expect(apiUrl('/api/secure/product')).toBe('https://shop.example.com/api/secure/product');
    expect(publicOrigin()).toBe('https://shop.example.com');
    expect(nativeApiBase('ios', 'https://shop.example.com')).toBe('https://shop.example.com');
    // Absolute addresses (a blob: image, another host) are left alone.
    expect(apiUrl('blob:https://localhost/1')).toBe('blob:https://localhost/1');
  });
});
