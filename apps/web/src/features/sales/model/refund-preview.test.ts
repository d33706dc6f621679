import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { refundShare, type ShopTransaction } from '@shopdesk/shared';
import { allRemaining, clampRefundQuantity, notRestocked, refundableOf, refundPreview } from './refund-preview.ts';

// A line of 3 whose total does not divide by 3 (a cart discount spread onto it), one unit refunded.
const tea = { id: 'a', quantity: 3, refundedQuantity: 1, total: 1000, tax: 91, net: 1000, taxRate: 1000 };
const soap = { id: 'b', quantity: 2, refundedQuantity: 0, total: 333, tax: 0, net: 333, taxRate: 0 };
const gone = { id: 'c', quantity: 1, refundedQuantity: 1, total: 500, tax: 45, net: 500, taxRate: 1000 };

describe('refund bounds', () => {
  it('allows what was sold minus what was refunded, never less than 0', () => {
    expect(refundableOf(tea)).toBe(2);
    expect(refundableOf(gone)).toBe(0);
    expect(refundableOf({ quantity: 1, refundedQuantity: 3 })).toBe(0);
  });

  it('keeps a stepper within 0 … what remains, in whole units', () => {
    expect(clampRefundQuantity(tea, 5)).toBe(2);
    expect(clampRefundQuantity(tea, -1)).toBe(0);
    expect(clampRefundQuantity(tea, 1.7)).toBe(1);
    expect(clampRefundQuantity(tea, Number.NaN)).toBe(0);
    expect(clampRefundQuantity(gone, 1)).toBe(0);
  });

  it('takes every remaining unit for "refund all that remains"', () => {
    expect(allRemaining([tea, soap, gone])).toEqual({ a: 2, b: 2 });
  });
});

describe('refund amount preview', () => {
  it('is the server rule: the step of round-half-up(total × units / sold)', () => {
    // 1000 over 3 units: after 1 unit 333, after 2 units 667, after 3 units 1000.
    expect(refundPreview([tea], { a: 1 })).toMatchObject({ amount: 667 - 333, units: 1 });
    expect(refundPreview([tea], { a: 2 })).toMatchObject({ amount: 1000 - 333, tax: 91 - 30, units: 2 });
    // 333 over 2 units: 167 then 166.
    expect(refundPreview([tea, soap], { a: 1, b: 1 })).toMatchObject({ amount: 334 + 167, units: 2 });
  });

  it('clamps each line to what remains and leaves out lines with nothing to refund', () => {
    const preview = refundPreview([tea, soap, gone], { a: 9, c: 1 });
    expect(preview.lines).toEqual([{ lineId: 'a', quantity: 2, amount: 667 }]);
    expect(preview.units).toBe(2);
  });

  it('adds up, over any sequence of partial refunds, to exactly the line total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 30 }),
        (sold, total, steps) => {
          let refunded = 0;
          let given = 0;
          for (const step of steps) {
            const line = { id: 'x', quantity: sold, refundedQuantity: refunded, total, tax: 0, net: total, taxRate: 0 };
            const preview = refundPreview([line], { x: step });
            expect(preview.amount).toBe(refundShare(total, sold, refunded, Math.min(step, sold - refunded)));
            given += preview.amount;
            refunded += preview.units;
            expect(refunded).toBeLessThanOrEqual(sold);
          }
          const rest = refundPreview(
            [{ id: 'x', quantity: sold, refundedQuantity: refunded, total, tax: 0, net: total, taxRate: 0 }],
            {
              x: sold,
            },
          );
          expect(given + rest.amount).toBe(total);
        },
      ),
    );
  });
});

describe('the refund of a sale taxed once per rate', () => {
  // Three ¥100 lines at 8%, tax included, rounded down once per rate: the sale's tax is ¥22 (¥300 × 8/108).
  const line = (id: string, tax: number) => ({
    id,
    quantity: 1,
    refundedQuantity: 0,
    total: 100,
    tax,
    net: 100,
    taxRate: 800,
  });
  const lines = [line('a', 8), line('b', 7), line('c', 7)];
  const sale = { taxMode: 'INCLUSIVE', taxCalculation: 'PER_RATE', taxRounding: 'DOWN' } as const;

  it('gives back the rate applied once to what is refunded, as the server does', () => {
    // ¥100 × 8/108 = 7.4, rounded down: 7, not the line's own 8.
    expect(refundPreview(lines, { a: 1 }, sale)).toMatchObject({ amount: 100, tax: 7, units: 1 });
    expect(refundPreview(lines, { a: 1 }, { ...sale, taxCalculation: 'PER_LINE' })).toMatchObject({ tax: 8 });
    // What remains after the first refund: the rest of the sale's ¥22.
    const after = [{ ...lines[0]!, refundedQuantity: 1 }, lines[1]!, lines[2]!];
    expect(refundPreview(after, allRemaining(after), sale)).toMatchObject({ amount: 200, tax: 22 - 7, units: 2 });
  });
});

describe('what a refund could not restock', () => {
  const sale = (restock: boolean, restocked: number) =>
    ({
      lines: [
        { id: 'a', name: 'Seasonal tea' },
        { id: 'b', name: 'Green tea' },
      ],
      refunds: [
        { restock: true, lines: [{ lineId: 'b', quantity: 1, amount: 100, restocked: 1 }] },
        {
          restock,
          lines: [
            { lineId: 'a', quantity: 2, amount: 600, restocked },
            { lineId: 'b', quantity: 1, amount: 100, restocked: 1 },
          ],
        },
      ],
    }) as unknown as ShopTransaction;

  it("names the newest refund's lines whose product was gone, only when it restocked", () => {
    expect(notRestocked(sale(true, 0))).toEqual(['Seasonal tea']);
    expect(notRestocked(sale(true, 2))).toEqual([]);
    expect(notRestocked(sale(false, 0))).toEqual([]);
  });
});
