import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceRefund, type RefundableLine, type RefundableSale } from './refund-pricing.ts';
import {
  priceSale,
  type PricingLineInput,
  type TaxCalculation,
  type TaxMode,
  type TaxRounding,
} from './sale-pricing.ts';

function soldSale(
  inputs: readonly PricingLineInput[],
  taxMode: TaxMode,
  calculation: TaxCalculation,
  rounding: TaxRounding,
): RefundableSale & { lines: RefundableLine[]; total: number; taxes: Map<number, number> } {
  const p = priceSale(inputs, null, taxMode, { calculation, rounding });
  return {
    taxMode,
    calculation,
    rounding,
    total: p.total,
    taxes: new Map(p.rateGroups.map((g) => [g.rate, g.tax])),
    lines: p.lines.map((l, i) => ({ ...l, quantity: inputs[i]?.quantity ?? 0, refundedQuantity: 0 })),
  };
}

describe('priceRefund', () => {
  it('gives back the rate applied once to what a first refund returns (JPY, tax included, rounded down)', () => {
    const sale = soldSale(
      [
        { unitPrice: 150, quantity: 2, taxRate: 800 },
        { unitPrice: 155, quantity: 3, taxRate: 1000 },
      ],
      'INCLUSIVE',
      'PER_RATE',
      'DOWN',
    );
    const r = priceRefund(sale, [
      { line: 0, quantity: 1 },
      { line: 1, quantity: 2 },
    ]);
    // ¥150 at 8%: 11.1 → 11; ¥310 at 10%: 28.18 → 28.
    expect(r.rateGroups).toEqual([
      { rate: 800, base: 139, tax: 11, total: 150 },
      { rate: 1000, base: 282, tax: 28, total: 310 },
    ]);
    expect(r.total).toBe(460);
    expect(r.lines).toEqual([
      { line: 0, quantity: 1, amount: 150, tax: 11 },
      { line: 1, quantity: 2, amount: 310, tax: 28 },
    ]);
  });

  it('adds the tax on top with EXCLUSIVE (USD)', () => {
    const sale = soldSale([{ unitPrice: 499, quantity: 3, taxRate: 825 }], 'EXCLUSIVE', 'PER_RATE', 'HALF_UP');
    // Sale: 14.97 + 1.24. Refund 1: 4.99 × 8.25% = 0.41; then the remaining 2 take 1.24 − 0.41 = 0.83.
    const first = priceRefund(sale, [{ line: 0, quantity: 1 }]);
    expect(first.taxes).toEqual([{ rate: 825, base: 499, tax: 41 }]);
    const rest = priceRefund({ ...sale, lines: [{ ...sale.lines[0]!, refundedQuantity: 1 }] }, [
      { line: 0, quantity: 2 },
    ]);
    expect(rest.taxes).toEqual([{ rate: 825, base: 998, tax: 83 }]);
    expect(first.total + rest.total).toBe(sale.total);
  });

  it('refuses more units than are left, a repeated line and a line that does not exist', () => {
    const sale = soldSale([{ unitPrice: 100, quantity: 2, taxRate: 1000 }], 'INCLUSIVE', 'PER_RATE', 'DOWN');
    expect(() => priceRefund(sale, [{ line: 0, quantity: 3 }])).toThrow(RangeError);
    expect(() =>
      priceRefund(sale, [
        { line: 0, quantity: 1 },
        { line: 0, quantity: 1 },
      ]),
    ).toThrow(RangeError);
    expect(() => priceRefund(sale, [{ line: 1, quantity: 1 }])).toThrow(RangeError);
  });

  const lineArb: fc.Arbitrary<PricingLineInput> = fc.record({
    unitPrice: fc.integer({ min: 0, max: 1_000_000 }),
    quantity: fc.integer({ min: 1, max: 6 }),
    taxRate: fc.constantFrom(0, 800, 1000, 2000),
  });

  it("refunds in any steps never give back more tax per rate than the sale's, and everything returns it exactly", () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom<TaxMode>('NONE', 'INCLUSIVE', 'EXCLUSIVE'),
        fc.constantFrom<TaxCalculation>('PER_LINE', 'PER_RATE'),
        fc.constantFrom<TaxRounding>('HALF_UP', 'DOWN', 'UP'),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 6 })), { maxLength: 12 }),
        (inputs, mode, calculation, rounding, steps) => {
          const sale = soldSale(inputs, mode, calculation, rounding);
          const refundedTax = new Map<number, number>();
          let refundedTotal = 0;
          const apply = (request: { line: number; quantity: number }[]) => {
            const r = priceRefund(sale, request);
            expect(r.rateGroups.reduce((s, g) => s + g.total, 0)).toBe(r.total);
            for (const g of r.rateGroups) {
              expect(g.tax).toBeGreaterThanOrEqual(0);
              expect(g.base).toBeGreaterThanOrEqual(0);
              refundedTax.set(g.rate, (refundedTax.get(g.rate) ?? 0) + g.tax);
              expect(refundedTax.get(g.rate)).toBeLessThanOrEqual(sale.taxes.get(g.rate) ?? 0);
            }
            refundedTotal += r.total;
            expect(refundedTotal).toBeLessThanOrEqual(sale.total);
            for (const { line, quantity } of request) sale.lines[line]!.refundedQuantity += quantity;
          };
          for (const [at, want] of steps) {
            const line = at % sale.lines.length;
            const left = sale.lines[line]!.quantity - sale.lines[line]!.refundedQuantity;
            if (left > 0) apply([{ line, quantity: Math.min(want, left) }]);
          }
          const rest = sale.lines
            .map((l, line) => ({ line, quantity: l.quantity - l.refundedQuantity }))
            .filter((r) => r.quantity > 0);
          if (rest.length > 0) apply(rest);
          expect(refundedTotal).toBe(sale.total);
          for (const [rate, tax] of sale.taxes) expect(refundedTax.get(rate) ?? 0).toBe(tax);
        },
      ),
    );
  });
});
