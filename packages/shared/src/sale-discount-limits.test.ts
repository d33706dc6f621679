import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountAmount, priceSale, type Discount } from './sale-pricing.ts';
import { discountBasisPointsOf, largestDiscountBasisPoints } from './sale-discount-limits.ts';
import { actionLacks, ROLE_MAX_DISCOUNT, ROLE_PERMISSIONS, saleNeeds } from './staff.ts';

const cashier = {
  role: 'CASHIER' as const,
  permissions: ROLE_PERMISSIONS.CASHIER,
  maxDiscount: ROLE_MAX_DISCOUNT.CASHIER,
};
const tenPercent: Discount = { kind: 'PERCENT', basisPoints: 1000 };
const line = (unitPrice: number, discount: Discount | null = null) => ({
  unitPrice,
  quantity: 1,
  taxRate: 1000,
  discount,
});

/** What the cashier (10% at most) lacks to complete a sale of these lines and this cart discount. */
function cashierLacks(lines: ReturnType<typeof line>[], cart: Discount | null = null) {
  return actionLacks(cashier, saleNeeds([], priceSale(lines, cart, 'INCLUSIVE')));
}

describe('a discount maximum holds for each line and for the cart (product.md §2)', () => {
  it('a line at 100% off in a ¥1,150 cart is a 100% discount, not 8.7% of the sale', () => {
    const pricing = priceSale([line(1050), line(100, { kind: 'PERCENT', basisPoints: 10_000 })], null, 'INCLUSIVE');
    expect(pricing.lineDiscounts).toBe(100); // 869 bp of the sale's gross: what was checked before
    // 99.5% of 100 already rounds to 100: any maximum below that is exceeded.
    expect(largestDiscountBasisPoints(pricing)).toBe(9950);
    expect(actionLacks(cashier, saleNeeds([], pricing))).toEqual(['DISCOUNT']);
    // On a line of 10000 or more, all of it reads exactly 100%.
    const big = priceSale([line(1050), line(10_000, { kind: 'AMOUNT', amount: 10_000 })], null, 'INCLUSIVE');
    expect(largestDiscountBasisPoints(big)).toBe(10_000);
  });

  it('two lines each within the maximum pass, whatever they come to together', () => {
    expect(cashierLacks([line(1000, tenPercent), line(500, { kind: 'AMOUNT', amount: 50 })])).toEqual([]);
    expect(cashierLacks([line(1000, tenPercent), line(500, { kind: 'AMOUNT', amount: 51 })])).toEqual(['DISCOUNT']);
  });

  it('a cart discount within the maximum does not cover a line above it', () => {
    // 20% off a line of 1000 and 5% off the cart: 690 of 10000 in all, 6.9%, yet the line is 20%.
    const lines = [line(1000, { kind: 'PERCENT', basisPoints: 2000 }), line(9000)];
    expect(cashierLacks(lines, { kind: 'PERCENT', basisPoints: 500 })).toEqual(['DISCOUNT']);
    expect(cashierLacks([line(1000, tenPercent), line(9000)], { kind: 'PERCENT', basisPoints: 500 })).toEqual([]);
  });

  it('measures the cart discount against the gross after the line discounts, on which it was worked out', () => {
    // 10% off the line (100), then 10% off the 900 left (90): each is 10%, though 190 is 19% of 1000.
    const pricing = priceSale([line(1000, tenPercent)], tenPercent, 'INCLUSIVE');
    expect([pricing.lineDiscounts, pricing.cartDiscount]).toEqual([100, 90]);
    // Each reads 995 bp: 9.95% of 1000 or of 900 already rounds to as much.
    expect(largestDiscountBasisPoints(pricing)).toBe(995);
    expect(cashierLacks([line(1000, tenPercent)], tenPercent)).toEqual([]);
    // 91 off the 900 left is above 10%.
    expect(cashierLacks([line(1000, tenPercent)], { kind: 'AMOUNT', amount: 91 })).toEqual(['DISCOUNT']);
    // A cart discount above the maximum on lines without any of their own.
    expect(cashierLacks([line(600), line(400)], { kind: 'PERCENT', basisPoints: 1100 })).toEqual(['DISCOUNT']);
  });

  it("never reads a percent's rounding to minor units as more than was given", () => {
    // 10% of 335 is 33.5, half up 34: 34 / 335 is 10.15%, yet it is what 10% takes off.
    expect(discountAmount(tenPercent, 335)).toBe(34);
    expect(discountBasisPointsOf(34, 335)).toBe(1000);
    expect(cashierLacks([line(335, tenPercent)])).toEqual([]);
    expect(cashierLacks([line(335)], tenPercent)).toEqual([]);
    // 35 off 335 is more than 10% takes off.
    expect(cashierLacks([line(335, { kind: 'AMOUNT', amount: 35 })])).toEqual(['DISCOUNT']);
    expect(discountBasisPointsOf(0, 335)).toBe(0);
    expect(discountBasisPointsOf(0, 0)).toBe(0);
  });

  it('reads any percent discount as at most its percent, and as a percent that takes off at least as much', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000 }), (base, bp) => {
        const amount = discountAmount({ kind: 'PERCENT', basisPoints: bp }, base);
        const read = discountBasisPointsOf(amount, base);
        expect(read).toBeLessThanOrEqual(bp);
        expect(discountAmount({ kind: 'PERCENT', basisPoints: read }, base)).toBe(amount);
      }),
    );
  });
});
