import { describe, expect, it } from 'vitest';
import { guardRedirect, isPublicPath, tillRedirect } from './route-guard.ts';

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
      '/display/abc',
      '/display-window/shop1',
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

describe('a till (product.md §2, till mode)', () => {
  it('opens its counter, locked or not, held carts included', () => {
    for (const p of ['/corner/shop/counter', '/Corner/shop/counter/', '/corner/shop/counter/P-12']) {
      expect(tillRedirect(p, 'corner', false)).toBeNull();
      expect(tillRedirect(p, 'corner', true)).toBeNull();
    }
  });

  it('opens its sales, shift and printers only while a member is unlocked', () => {
    for (const p of [
      '/corner/shop/list',
      '/corner/shop/list/S-1',
      '/corner/shop/shift',
      '/corner/shop/shift/9',
      '/corner/profile/printers',
    ]) {
      expect(tillRedirect(p, 'corner', true)).toBeNull();
      expect(tillRedirect(p, 'corner', false)).toBe('/corner/shop/counter');
    }
  });

  it("opens its own store's customer display window (the counter's second window), locked or not", () => {
    for (const p of ['/display-window/corner', '/display-window/Corner']) {
      expect(tillRedirect(p, 'corner', false)).toBeNull();
      expect(tillRedirect(p, 'corner', true)).toBeNull();
    }
  });

  it('sends anything else, typed or linked, to the counter', () => {
    for (const p of [
      '/',
      '/auth',
      '/signUp',
      '/corner',
      '/corner/stock/list',
      '/corner/shop/statistic',
      '/corner/shop/activity',
      '/corner/shop/listing',
      '/corner/profile',
      '/corner/profile/store/corner/members',
      '/corner/profile/subscription',
      '/other/shop/counter',
      '/%E0%A4%A/shop/counter',
      '/display-window/other',
      '/display-window/%E0%A4%A',
      '/display-window/corner/x',
      '/display/sometoken',
    ]) {
      expect(tillRedirect(p, 'corner', true)).toBe('/corner/shop/counter');
    }
  });
});
