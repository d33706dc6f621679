import { describe, expect, it } from 'vitest';
import { actionLacks, OWNER_RIGHTS, ROLE_MAX_DISCOUNT, ROLE_PERMISSIONS, saleNeeds } from './staff.ts';

const cashier = {
  role: 'CASHIER' as const,
  permissions: ROLE_PERMISSIONS.CASHIER,
  maxDiscount: ROLE_MAX_DISCOUNT.CASHIER,
};

const undiscounted = {
  lines: [
    { gross: 600, lineDiscount: 0 },
    { gross: 400, lineDiscount: 0 },
  ],
  gross: 1000,
  lineDiscounts: 0,
  cartDiscount: 0,
};

describe('what a member lacks for an action (the server refuses, the till asks for an approval)', () => {
  it('a discount within the maximum passes; above it, or without DISCOUNT at all, needs DISCOUNT', () => {
    expect(cashier.maxDiscount).toBe(1000);
    expect(actionLacks(cashier, { permission: 'SELL', discountBp: 1000 })).toEqual([]);
    expect(actionLacks(cashier, { permission: 'SELL', discountBp: 1001 })).toEqual(['DISCOUNT']);
    const noDiscounts = { ...cashier, permissions: ['SELL' as const] };
    expect(actionLacks(noDiscounts, { permission: 'SELL', discountBp: 1 })).toEqual(['DISCOUNT']);
    expect(actionLacks(noDiscounts, { permission: 'SELL' })).toEqual([]);
  });

  it('names the permission itself first, and the owner lacks nothing', () => {
    expect(actionLacks(cashier, { permission: 'REFUND' })).toEqual(['REFUND']);
    expect(actionLacks({ ...cashier, permissions: [] }, { permission: 'SELL', discountBp: 500 })).toEqual([
      'SELL',
      'DISCOUNT',
    ]);
    expect(actionLacks(OWNER_RIGHTS, { permission: 'REFUND', discountBp: 10_000 })).toEqual([]);
  });

  it('reads what completing a sale needs from its lines: a hand-changed price, an open-price item, the discount', () => {
    expect(saleNeeds([{ code: '1' }, { code: '2', priceOverride: false }], undiscounted)).toEqual({
      permission: 'SELL',
    });
    // 50 off a cart of 1000 reads 495 bp, the smallest percent that takes off 50 (sale-discount-limits.ts).
    const needs = saleNeeds([{ code: '1', priceOverride: true }, {}], { ...undiscounted, cartDiscount: 50 });
    expect(needs).toEqual({ permission: 'SELL', also: ['PRICE_OVERRIDE', 'OPEN_PRICE'], discountBp: 495 });
    expect(actionLacks(cashier, needs)).toEqual(['PRICE_OVERRIDE', 'OPEN_PRICE']);
    // An open-price line's own price is no override: it needs OPEN_PRICE alone.
    expect(saleNeeds([{ priceOverride: true }], undiscounted)).toEqual({ permission: 'SELL', also: ['OPEN_PRICE'] });
    expect(actionLacks(OWNER_RIGHTS, needs)).toEqual([]);
  });
});
