import { describe, expect, it } from 'vitest';
import { defaultSubscriptionStatus } from '@shopdesk/shared';
import { allowanceOf, changesCounts } from './subscription-status.ts';

describe('which writes refresh the free-tier counts', () => {
  it.each([
    ['POST', '/api/secure/product', 201],
    ['POST', '/api/secure/product/import', 200],
    ['DELETE', '/api/secure/product/code/4901234567894', 204],
    ['POST', '/api/secure/shop/transaction', 201],
    ['PUT', '/api/secure/shop/transaction/ABC123', 200],
    ['POST', '/api/secure/cargo/new', 201],
    ['POST', '/api/secure/cargo/qr/transfer', 200],
    ['POST', '/api/secure/subscription/create', 200],
    ['POST', '/api/secure/subscription/cancel', 200],
    ['POST', '/api/secure/virtual-store/my-shop/member/invite', 201],
    ['DELETE', '/api/secure/virtual-store/my-shop/member/invitation/abc', 204],
    ['DELETE', '/api/secure/virtual-store/my-shop/member/u1', 204],
  ])('%s %s', (method, path, status) => {
    expect(changesCounts({ method, path, status })).toBe(true);
  });

  it('not a product update, an import check, a refund or a failed create', () => {
    expect(changesCounts({ method: 'PUT', path: '/api/secure/product/code/1', status: 200 })).toBe(false);
    expect(changesCounts({ method: 'POST', path: '/api/secure/product/import/check', status: 200 })).toBe(false);
    expect(changesCounts({ method: 'POST', path: '/api/secure/shop/transaction/A1/refund', status: 200 })).toBe(false);
    expect(changesCounts({ method: 'POST', path: '/api/secure/product', status: 409, code: 'CONFLICT' })).toBe(false);
  });

  it('any refusal for the free limit (the counts moved on another device)', () => {
    expect(
      changesCounts({ method: 'POST', path: '/api/secure/product', status: 402, code: 'FREE_LIMIT_REACHED' }),
    ).toBe(true);
  });
});

describe('allowance', () => {
  it('is what is left of each limit, never below zero, and null without a limit', () => {
    const status = {
      ...defaultSubscriptionStatus(),
      freeProductLimit: 100,
      productCount: 97,
      freeCargoLimit: 20,
      cargoCount: 25,
      shopTransactionCount: 4,
      freeMemberLimit: 1,
      memberCount: 1,
    };
    expect(allowanceOf(status)).toEqual({ products: 3, cargos: 0, transactions: null, members: 0 });
    // A session kept from before the server counted members: no member limit known.
    const { freeMemberLimit: _limit, memberCount: _count, ...older } = status;
    expect(allowanceOf(older).members).toBeNull();
  });
});
