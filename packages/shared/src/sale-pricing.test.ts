import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  discountAmount,
  lineTax,
  priceSale,
  refundShare,
  spreadByLargestRemainder,
  type Discount,
  type PricingLineInput,
  type TaxMode,
} from './sale-pricing.ts';

const discountArb: fc.Arbitrary<Discount | null> = fc.oneof(
  fc.constant(null),
  fc.record({ kind: fc.constant('AMOUNT' as const), amount: fc.integer({ min: 0, max: 2_000_000 }) }),
  fc.record({ kind: fc.constant('PERCENT' as const), basisPoints: fc.integer({ min: 0, max: 10_000 }) }),
);
const lineArb: fc.Arbitrary<PricingLineInput> = fc.record({
  // 0-decimal (JPY), 2-decimal (USD) and 3-decimal (KWD) amounts are all just minor units here.
  unitPrice: fc.integer({ min: 0, max: 10_000_000 }),
  quantity: fc.integer({ min: 1, max: 1000 }),
  discount: discountArb,
  taxRate: fc.constantFrom(0, 500, 800, 1000, 1900, 2000, 2500),
});
const modeArb = fc.constantFrom<TaxMode>('NONE', 'INCLUSIVE', 'EXCLUSIVE');

describe('priceSale with points', () => {
  it('takes the points discount after the cart discount, spread by what is left, before tax', () => {
    const p = priceSale(
      [
        { unitPrice: 400, quantity: 1, taxRate: 800 },
        { unitPrice: 600, quantity: 1, taxRate: 1000 },
      ],
      { kind: 'AMOUNT', amount: 100 },
      'INCLUSIVE',
      { pointsDiscount: 200 },
    );
    expect(p.cartDiscount).toBe(100);
    expect(p.pointsDiscount).toBe(200);
    expect(p.lines.map((l) => l.pointsDiscount)).toEqual([80, 120]);
    expect(p.total).toBe(700);
    expect(p.rateGroups.map((g) => g.total)).toEqual([280, 420]);
  });

  it('never takes more than the cart is worth', () => {
    const p = priceSale([{ unitPrice: 300, quantity: 1, taxRate: 0 }], null, 'NONE', { pointsDiscount: 1000 });
    expect(p.pointsDiscount).toBe(300);
    expect(p.total).toBe(0);
  });
});

describe('priceSale', () => {
  it('prices a receipt as a cashier would check it by hand', () => {
    // USD, tax added at the counter: 2 × 4.99 at 8%, 1 × 10.00 at 10% with 1.00 off, 10% off the cart.
    const p = priceSale(
      [
        { unitPrice: 499, quantity: 2, taxRate: 800 },
        { unitPrice: 1000, quantity: 1, taxRate: 1000, discount: { kind: 'AMOUNT', amount: 100 } },
      ],
      { kind: 'PERCENT', basisPoints: 1000 },
      'EXCLUSIVE',
    );
    expect(p.gross).toBe(1998);
    expect(p.lineDiscounts).toBe(100);
    expect(p.cartDiscount).toBe(190); // 10% of 18.98, half up
    expect(p.lines.map((l) => l.net)).toEqual([898, 810]); // 190 spread 100 : 90 over 998 : 900
    expect(p.lines.map((l) => l.tax)).toEqual([72, 81]); // 8.98 × 8% = 0.7184; 8.10 × 10% = 0.81
    expect(p.total).toBe(898 + 72 + 810 + 81);
    expect(p.taxes).toEqual([
      { rate: 800, base: 898, tax: 72 },
      { rate: 1000, base: 810, tax: 81 },
    ]);
  });

  it('extracts tax from prices that include it (JPY, reduced food rate)', () => {
    const p = priceSale(
      [
        { unitPrice: 108, quantity: 3, taxRate: 800 },
        { unitPrice: 550, quantity: 1, taxRate: 1000 },
      ],
      null,
      'INCLUSIVE',
    );
    expect(p.total).toBe(874);
    expect(p.taxes).toEqual([
      { rate: 800, base: 300, tax: 24 },
      { rate: 1000, base: 500, tax: 50 },
    ]);
  });

  it('shows no tax for a store without tax, whatever the products carry', () => {
    const p = priceSale([{ unitPrice: 1000, quantity: 1, taxRate: 1000 }], null, 'NONE');
    expect(p.tax).toBe(0);
    expect(p.taxes).toEqual([]);
    expect(p.total).toBe(1000);
  });

  it('line totals add up to the total, tax per rate adds up, nothing is negative', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 12 }), discountArb, modeArb, (lines, cart, mode) => {
        const p = priceSale(lines, cart, mode);
        expect(p.lines.reduce((s, l) => s + l.total, 0)).toBe(p.total);
        expect(p.taxes.reduce((s, b) => s + b.tax, 0)).toBe(p.tax);
        const taxed = p.lines.filter((l) => l.taxRate > 0).reduce((s, l) => s + l.total, 0);
        expect(p.taxes.reduce((s, b) => s + b.base + b.tax, 0)).toBe(taxed);
        expect(p.gross - p.lineDiscounts - p.cartDiscount + (mode === 'EXCLUSIVE' ? p.tax : 0)).toBe(p.total);
        for (const l of p.lines) {
          expect(l.net).toBeGreaterThanOrEqual(0);
          expect(l.tax).toBeGreaterThanOrEqual(0);
          if (mode === 'INCLUSIVE') expect(l.tax).toBeLessThanOrEqual(l.net);
        }
        expect(p.total).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('discountAmount', () => {
  it('never exceeds what it discounts and rounds percentages half up', () => {
    expect(discountAmount({ kind: 'AMOUNT', amount: 5000 }, 1200)).toBe(1200);
    expect(discountAmount({ kind: 'PERCENT', basisPoints: 1500 }, 333)).toBe(50); // 49.95
    expect(discountAmount({ kind: 'PERCENT', basisPoints: 10_000 }, 333)).toBe(333);
    expect(discountAmount({ kind: 'AMOUNT', amount: -5 }, 100)).toBe(0);
    expect(discountAmount(null, 100)).toBe(0);
  });
});

describe('lineTax', () => {
  it('rounds half up per line', () => {
    expect(lineTax(105, 1000, 'EXCLUSIVE')).toBe(11); // 10.5
    expect(lineTax(115, 1000, 'INCLUSIVE')).toBe(10); // 10.45…
    expect(lineTax(0, 1000, 'EXCLUSIVE')).toBe(0);
  });
});

describe('spreadByLargestRemainder', () => {
  it('gives the leftover units to the largest remainders, ties to the earlier line', () => {
    expect(spreadByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spreadByLargestRemainder(10, [5, 3, 2])).toEqual([5, 3, 2]);
    expect(spreadByLargestRemainder(7, [0, 10])).toEqual([0, 7]);
    expect(spreadByLargestRemainder(5, [0, 0])).toEqual([0, 0]);
  });

  it('always adds up and stays within one unit of the exact share', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        (weights, amount) => {
          const total = weights.reduce((s, w) => s + w, 0);
          fc.pre(total > 0);
          const spread = spreadByLargestRemainder(Math.min(amount, total), weights);
          expect(spread.reduce((s, x) => s + x, 0)).toBe(Math.min(amount, total));
          spread.forEach((share, i) => {
            const exact = (Math.min(amount, total) * (weights[i] ?? 0)) / total;
            expect(Math.abs(share - exact)).toBeLessThan(1 + 1e-6);
            expect(share).toBeLessThanOrEqual(weights[i] ?? 0);
          });
        },
      ),
    );
  });
});

describe('refundShare', () => {
  it('partial refunds never exceed the line and refunding everything returns it exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc
          .integer({ min: 1, max: 50 })
          .chain((sold) => fc.tuple(fc.constant(sold), fc.array(fc.integer({ min: 1, max: sold }), { maxLength: 10 }))),
        (amount, [sold, steps]) => {
          let refunded = 0;
          let given = 0;
          for (const step of steps) {
            const q = Math.min(step, sold - refunded);
            if (q === 0) break;
            given += refundShare(amount, sold, refunded, q);
            refunded += q;
            expect(given).toBeLessThanOrEqual(amount);
          }
          given += refundShare(amount, sold, refunded, sold - refunded);
          expect(given).toBe(amount);
        },
      ),
    );
  });

  it('refuses refunding more units than were sold', () => {
    expect(() => refundShare(1000, 3, 2, 2)).toThrow(RangeError);
  });
});
