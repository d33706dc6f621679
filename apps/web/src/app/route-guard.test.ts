import { describe, expect, it } from 'vitest';
import { guardRedirect, isPublicPath } from './route-guard.ts';

describe('route guard (original.md §2)', () => {
  it('sends a logged-in user away from /auth, /forgot-password and /signUp to /', () => {
    for (const p of ['/auth', '/forgot-password', '/signUp', '/signup', '/auth/']) {
      expect(guardRedirect(p, true)).toBe('/');
    }
  });
  it('lets a logged-in user open everything else', () => {
    for (const p of ['/', '/shop1', '/shop1/profile', '/legal', '/receipt/ABC', '/confirm/t']) {
      expect(guardRedirect(p, true)).toBeNull();
    }
  });
  it('lets a visitor open only public paths', () => {
    for (const p of [
      '/auth',
      '/signUp',
      '/forgot-password',
      '/ads.txt',
      '/receipt/ABCDEF',
      '/legal',
      '/confirm/tok',
      '/invite/tok',
    ]) {
      expect(guardRedirect(p, false)).toBeNull();
    }
  });
  it('sends a visitor anywhere else to /auth', () => {
    for (const p of ['/', '/shop1', '/shop1/profile', '/shop1/shop/counter', '/confirm']) {
      expect(guardRedirect(p, false)).toBe('/auth');
    }
  });
  it('knows public pages for the 401 rule', () => {
    expect(isPublicPath('/receipt/X')).toBe(true);
    expect(isPublicPath('/shop1/stock/list')).toBe(false);
  });
});
