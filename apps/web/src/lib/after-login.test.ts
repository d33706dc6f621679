import { beforeEach, describe, expect, it } from 'vitest';
import { forgetDestination, pendingDestination, rememberDestination } from './after-login.ts';

describe('the destination kept across a login', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps a cargo hand-over link until its page forgets it', () => {
    rememberDestination('/cargo/receive/abc.def');
    expect(pendingDestination()).toBe('/cargo/receive/abc.def');
    expect(pendingDestination()).toBe('/cargo/receive/abc.def');
    forgetDestination();
    expect(pendingDestination()).toBeNull();
  });

  it('keeps an invitation link, so the invitee accepts right after logging in', () => {
    rememberDestination('/invite/0f9a.nonce.sig');
    expect(pendingDestination()).toBe('/invite/0f9a.nonce.sig');
    forgetDestination();
    rememberDestination('/invite/a/b');
    expect(pendingDestination()).toBeNull();
  });

  it('keeps nothing else: other screens land on the default store as before', () => {
    rememberDestination('/shop-a/stock/list');
    rememberDestination('/cargo/receive/abc/extra');
    expect(pendingDestination()).toBeNull();
  });

  it('ignores a stored value that is not a hand-over link', () => {
    sessionStorage.setItem('shopdesk-after-login', 'https://elsewhere.example/');
    expect(pendingDestination()).toBeNull();
  });
});
