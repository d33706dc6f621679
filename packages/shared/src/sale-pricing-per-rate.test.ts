import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceSale, type Discount, type PricingLineInput, type TaxMode, type TaxRounding } from './sale-pricing.ts';

/** The rate applied once to `sum`, written out independently of the code under test. */
function expectedTax(sum: number, rate: number, mode: TaxMode, rounding: TaxRounding): number {
  if (mode === 'NONE' || rate === 0 || sum <= 0) return 0;
  const numerator = BigInt(sum) * BigInt(rate);
  const denominator = mode === 'INCLUSIVE' ? BigInt(10_000 + rate) : 10_000n;
  const floor = numerator / denominator;
  const remainder = numerator % denominator;
  if (remainder === 0n) return Number(floor);
  if (rounding === 'DOWN') return Number(floor);
  if (rounding === 'UP') return Number(floor + 1n);
  return Number(remainder * 2n >= denominator ? floor + 1n : floor);
}

const discountArb: fc.Arbitrary<Discount | null> = fc.oneof(
  fc.constant(null),
  fc.record({ kind: fc.constant('AMOUNT' as const), amount: fc.integer({ min: 0, max: 2_000_000 }) }),
  fc.record({ kind: fc.constant('PERCENT' as const), basisPoints: fc.integer({ min: 0, max: 10_000 }) }),
);
/** Prices as each currency writes them: JPY ¥1–¥100,000; USD $0.01–$1,000.00; KWD 0.001–1,000.000. */
const currencyPrice = { JPY: 100_000, USD: 100_000, KWD: 1_000_000 } as const;
const lineArb = (maxPrice: number): fc.Arbitrary<PricingLineInput> =>
  fc.record({
    unitPrice: fc.integer({ min: 0, max: maxPrice }),
    quantity: fc.integer({ min: 1, max: 50 }),
    discount: discountArb,
    taxRate: fc.constantFrom(0, 500, 800, 1000, 1900, 2500),
  });
const modeArb = fc.constantFrom<TaxMode>('NONE', 'INCLUSIVE', 'EXCLUSIVE');
const roundingArb = fc.constantFrom<TaxRounding>('HALF_UP', 'DOWN', 'UP');

describe('priceSale with tax per rate (PER_RATE)', () => {
  it('National Tax Agency example: ¥300 at 8% holds ¥22 of tax, ¥465 at 10% holds ¥42 (rounded down)', () => {
    // 300 × 8/108 = 22.2… → 22; 465 × 10/110 = 42.27… → 42.
    const p = priceSale(
      [
        { unitPrice: 150, quantity: 1, taxRate: 800 },
        { unitPrice: 150, quantity: 1, taxRate: 800 },
        { unitPrice: 155, quantity: 3, taxRate: 1000 },
      ],
      null,
      'INCLUSIVE',
      { calculation: 'PER_RATE', rounding: 'DOWN' },
    );
    expect(p.taxes).toEqual([
      { rate: 800, base: 278, tax: 22 },
      { rate: 1000, base: 423, tax: 42 },
    ]);
    expect(p.rateGroups.map((g) => [g.rate, g.total, g.tax, g.lines])).toEqual([
      [800, 300, 22, [0, 1]],
      [1000, 465, 42, [2]],
    ]);
    expect(p.total).toBe(765);
  });

  it('differs from per-line tax where the per-line roundings add up', () => {
    // Three ¥105 items at 10% tax-inclusive: 9.54… each, per line 10 × 3 = 30; per rate 315 × 10/110 = 28.6 → 29.
    const lines = [
      { unitPrice: 105, quantity: 1, taxRate: 1000 },
      { unitPrice: 105, quantity: 1, taxRate: 1000 },
      { unitPrice: 105, quantity: 1, taxRate: 1000 },
    ];
    expect(priceSale(lines, null, 'INCLUSIVE').tax).toBe(30);
    const perRate = priceSale(lines, null, 'INCLUSIVE', { calculation: 'PER_RATE' });
    expect(perRate.tax).toBe(29);
    expect(perRate.lines.map((l) => l.tax)).toEqual([10, 10, 9]);
  });

  it('is exact in JPY, USD and KWD (0, 2 and 3 decimals) with tax added', () => {
    const modes = { calculation: 'PER_RATE', rounding: 'HALF_UP' } as const;
    // JPY: ¥199 + ¥299 at 10% = ¥498 → 49.8 → ¥50.
    expect(
      priceSale(
        [
          { unitPrice: 199, quantity: 1, taxRate: 1000 },
          { unitPrice: 299, quantity: 1, taxRate: 1000 },
        ],
        null,
        'EXCLUSIVE',
        modes,
      ).total,
    ).toBe(548);
    // USD: $4.99 × 3 at 8.25% = 14.97 → 1.235025 → $1.24.
    expect(priceSale([{ unitPrice: 499, quantity: 3, taxRate: 825 }], null, 'EXCLUSIVE', modes).tax).toBe(124);
    // KWD: 1.250 + 0.375 at 5% = 1.625 → 0.08125 → 0.081 KWD.
    const kwd = priceSale(
      [
        { unitPrice: 1250, quantity: 1, taxRate: 500 },
        { unitPrice: 375, quantity: 1, taxRate: 500 },
      ],
      null,
      'EXCLUSIVE',
      modes,
    );
    expect(kwd.tax).toBe(81);
    expect(kwd.total).toBe(1706);
  });

  it('leaves PER_LINE results as they were', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb(10_000_000), { minLength: 1, maxLength: 8 }),
        discountArb,
        modeArb,
        (lines, cart, mode) => {
          const before = priceSale(lines, cart, mode);
          const after = priceSale(lines, cart, mode, { calculation: 'PER_LINE', rounding: 'DOWN' });
          expect(after).toEqual(before);
        },
      ),
    );
  });

  for (const [currency, maxPrice] of Object.entries(currencyPrice)) {
    it(`${currency}: rate groups add up to the total and each rate's tax is the rate applied once to its sum`, () => {
      fc.assert(
        fc.property(
          fc.array(lineArb(maxPrice), { minLength: 1, maxLength: 12 }),
          discountArb,
          modeArb,
          roundingArb,
          (lines, cart, mode, rounding) => {
            const p = priceSale(lines, cart, mode, { calculation: 'PER_RATE', rounding });
            expect(p.rateGroups.reduce((s, g) => s + g.total, 0)).toBe(p.total);
            expect(p.rateGroups.reduce((s, g) => s + g.tax, 0)).toBe(p.tax);
            expect(p.lines.reduce((s, l) => s + l.total, 0)).toBe(p.total);
            expect(p.rateGroups.flatMap((g) => g.lines).sort((a, b) => a - b)).toEqual(lines.map((_, i) => i));
            for (const g of p.rateGroups) {
              const sum = g.lines.reduce((s, i) => s + (p.lines[i]?.net ?? 0), 0);
              expect(g.tax).toBe(expectedTax(sum, g.rate, mode, rounding));
              expect(g.lines.reduce((s, i) => s + (p.lines[i]?.tax ?? 0), 0)).toBe(g.tax);
              expect(g.base + g.tax).toBe(g.total);
              expect(g.base).toBeGreaterThanOrEqual(0);
            }
            for (const l of p.lines) expect(l.tax).toBeLessThanOrEqual(mode === 'INCLUSIVE' ? l.net : Infinity);
            expect(p.taxes).toEqual(
              p.rateGroups.filter((g) => g.rate > 0).map(({ rate, base, tax }) => ({ rate, base, tax })),
            );
          },
        ),
      );
    });
  }
});

describe('priceSale with measured units', () => {
  it('prices thousandths of a kilogram at the price per kilogram, half up', () => {
    // 0.342 kg at ¥1,980/kg = 677.16 → ¥677; 1.5 L at $2.49/L = 3.735 → $3.74.
    const p = priceSale(
      [
        { unitPrice: 1980, quantity: 342, unit: 'KG', taxRate: 800 },
        { unitPrice: 249, quantity: 1500, unit: 'L', taxRate: 0 },
      ],
      null,
      'NONE',
    );
    expect(p.lines.map((l) => l.gross)).toEqual([677, 374]);
    expect(p.rateGroups).toEqual([{ rate: 0, lines: [0, 1], base: 1051, tax: 0, total: 1051 }]);
  });

  it("charges a price label's price, not the price of the quantity derived from it", () => {
    // ¥500 of ¥1,980/kg ham is 0.253 kg (252.5… half up), which would cost ¥500.94 → ¥501.
    const p = priceSale(
      [{ unitPrice: 1980, quantity: 253, unit: 'KG', labelPrice: 500, taxRate: 800 }],
      null,
      'INCLUSIVE',
    );
    expect(p.lines[0]?.gross).toBe(500);
    expect(priceSale([{ unitPrice: 1980, quantity: 253, unit: 'KG', taxRate: 800 }], null, 'INCLUSIVE').total).toBe(
      501,
    );
  });
});
