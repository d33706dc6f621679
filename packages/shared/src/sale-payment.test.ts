import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertAmount, invertRatio, parseRate } from './exchange.ts';
import {
  amountDue,
  inTenderCurrency,
  roundCash,
  settlePayment,
  type PaymentContext,
  type TenderInput,
} from './sale-payment.ts';

const jpyUsd: PaymentContext = {
  mainCurrency: 'JPY',
  secondCurrency: 'USD',
  rate: parseRate('0.0066'), // $0.0066 per ¥1
  cashRounding: 0,
};
const chf: PaymentContext = { mainCurrency: 'CHF', secondCurrency: 'EUR', rate: parseRate('1.06'), cashRounding: 5 };
const kwdUsd: PaymentContext = {
  mainCurrency: 'KWD',
  secondCurrency: 'USD',
  rate: parseRate('3.2547'),
  cashRounding: 0,
};

function settle(total: number, tenders: TenderInput[], context: PaymentContext) {
  const result = settlePayment(total, tenders, context);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.refusal)}`);
  return result.settlement;
}

describe('settlePayment', () => {
  it('gives change in the second currency and shows it in the main one', () => {
    // ¥1,480 paid with a $20 note: $9.77 is due ($9.768 rounded up), $10.23 back, about ¥1,550.
    const s = settle(1480, [{ method: 'CASH', currency: 'USD', amount: 2000 }], jpyUsd);
    expect(inTenderCurrency(1480, 'USD', jpyUsd)).toBe(977);
    expect(s.tenders[0]).toMatchObject({ applied: 1480, change: 1023, changeInMain: 1550 });
  });

  it('refuses a payment short of the total, saying by how much', () => {
    expect(settlePayment(1480, [{ method: 'CASH', currency: 'JPY', amount: 1000 }], jpyUsd)).toEqual({
      ok: false,
      refusal: { code: 'PAYMENT_SHORT', shortBy: 480 },
    });
    // $9.76 is worth ¥1,478.78…, counted as ¥1,478: short by ¥2.
    expect(settlePayment(1480, [{ method: 'CARD', currency: 'USD', amount: 976 }], jpyUsd)).toMatchObject({
      ok: false,
      refusal: { code: 'PAYMENT_SHORT', shortBy: 2 },
    });
  });

  it('splits between card and cash, change only from cash', () => {
    const s = settle(
      5000,
      [
        { method: 'CARD', currency: 'JPY', amount: 3000 },
        { method: 'CASH', currency: 'JPY', amount: 5000 },
      ],
      jpyUsd,
    );
    expect(s.tenders.map((t) => [t.applied, t.change])).toEqual([
      [3000, 0],
      [2000, 3000],
    ]);
    expect(settlePayment(5000, [{ method: 'CARD', currency: 'JPY', amount: 6000 }], jpyUsd)).toMatchObject({
      ok: false,
      refusal: { code: 'NON_CASH_OVERPAID' },
    });
    expect(
      settlePayment(
        500,
        [
          { method: 'CASH', currency: 'JPY', amount: 1000 },
          { method: 'CARD', currency: 'JPY', amount: 100 },
        ],
        jpyUsd,
      ),
    ).toMatchObject({ ok: false, refusal: { code: 'TENDER_AFTER_PAID', tender: 1 } });
  });

  it('rounds the cash part only (CHF 0.05), and records the rounding', () => {
    expect(roundCash(1002, 5)).toBe(1000);
    expect(roundCash(1003, 5)).toBe(1005);
    const cash = settle(1002, [{ method: 'CASH', currency: 'CHF', amount: 2000 }], chf);
    expect([cash.due, cash.rounding, cash.tenders[0]?.change]).toEqual([1000, -2, 1000]);
    const card = settle(1002, [{ method: 'CARD', currency: 'CHF', amount: 1002 }], chf);
    expect([card.due, card.rounding]).toEqual([1002, 0]);
    const split = settle(
      1003,
      [
        { method: 'CARD', currency: 'CHF', amount: 501 },
        { method: 'CASH', currency: 'CHF', amount: 505 },
      ],
      chf,
    );
    // 5.02 left for cash rounds to 5.00: due 10.01, and the 5.05 note gets 0.05 back.
    expect([split.due, split.rounding, split.tenders[1]?.change]).toEqual([1001, -2, 5]);
    // Cash in the second currency is not rounded with the main currency's increment.
    expect(amountDue(1002, [{ method: 'CASH', currency: 'EUR', amount: 2000 }], chf)).toBe(1002);
  });

  it('completes a sale with nothing due with no tender: a zero total, or one cash rounding takes to 0', () => {
    expect(settle(0, [], jpyUsd)).toEqual({ due: 0, rounding: 0, tenders: [], changeInMain: 0 });
    // CHF 0.02 rounds to 0.00 in cash: nothing to hand over.
    expect(settle(2, [], chf)).toEqual({ due: 0, rounding: -2, tenders: [], changeInMain: 0 });
    // CHF 0.03 rounds to 0.05: something is due, so no tender is short.
    expect(settlePayment(3, [], chf)).toEqual({ ok: false, refusal: { code: 'PAYMENT_SHORT', shortBy: 3 } });
  });

  it('refuses a currency the store does not take, or a second currency without a rate', () => {
    expect(settlePayment(100, [{ method: 'CASH', currency: 'GBP', amount: 100 }], jpyUsd)).toMatchObject({
      ok: false,
      refusal: { code: 'CURRENCY_NOT_ACCEPTED' },
    });
    expect(
      settlePayment(100, [{ method: 'CASH', currency: 'USD', amount: 100 }], { ...jpyUsd, rate: null }),
    ).toMatchObject({ ok: false, refusal: { code: 'NO_RATE' } });
  });

  const contexts = [jpyUsd, chf, kwdUsd, { ...kwdUsd, cashRounding: 5 }];
  it('applied amounts add up to what is due, change = paid − due, and the shop is never short', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...contexts),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.array(
          fc.record({
            method: fc.constantFrom('CASH' as const, 'CARD' as const, 'OTHER' as const),
            second: fc.boolean(),
            amount: fc.integer({ min: 1, max: 10_000_000 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        (context, total, raw) => {
          const tenders = raw.map((t) => ({
            method: t.method,
            currency: t.second && context.secondCurrency ? context.secondCurrency : context.mainCurrency,
            amount: t.amount,
          }));
          const result = settlePayment(total, tenders, context);
          if (!result.ok) return;
          const s = result.settlement;
          expect(s.tenders.reduce((sum, t) => sum + t.applied, 0)).toBe(s.due);
          expect(Math.abs(s.rounding)).toBeLessThanOrEqual(Math.floor(context.cashRounding / 2));
          for (const t of s.tenders) {
            if (t.method !== 'CASH') expect(t.change).toBe(0);
            const worth =
              t.currency === context.mainCurrency
                ? t.amount - t.change
                : convertAmount(
                    t.amount - t.change,
                    t.currency,
                    context.mainCurrency,
                    invertRatio(context.rate!),
                    'HALF_UP',
                  );
            // What the shop keeps of each tender is worth at least what it pays, rounded to the nearest unit.
            expect(worth).toBeGreaterThanOrEqual(t.applied);
            if (t.currency === context.mainCurrency) expect(t.amount - t.change).toBe(t.applied);
          }
        },
      ),
    );
  });
});

describe('change handed back in the main currency', () => {
  const yen: PaymentContext = { ...jpyUsd, rate: parseRate('0.0065') };

  it('is what the tender is worth (rounded down) less what was due, and says so', () => {
    // ¥5,599 asks $36.40; $40.00 is worth ¥6,153.8 → ¥6,153, so ¥554 back in yen, or $3.60 in dollars.
    const own = settle(5599, [{ method: 'CASH', currency: 'USD', amount: 4000 }], yen).tenders[0]!;
    expect(own).toMatchObject({ change: 360, changeCurrency: 'USD' });
    const main = settle(5599, [{ method: 'CASH', currency: 'USD', amount: 4000, changeCurrency: 'JPY' }], yen)
      .tenders[0]!;
    expect(main).toMatchObject({ applied: 5599, change: 360, changeInMain: 554, changeCurrency: 'JPY' });
  });

  it('gives nothing back for an exact tender, and only coins that exist with cash rounding', () => {
    const exact = settle(5599, [{ method: 'CASH', currency: 'USD', amount: 3640, changeCurrency: 'JPY' }], yen);
    expect(exact.changeInMain).toBe(0);
    // CHF 10.00 due, EUR 20.00 is worth CHF 18.867… → 18.86; back in francs: 8.86 → 8.85 (5-centime coins).
    const francs = settle(1000, [{ method: 'CASH', currency: 'EUR', amount: 2000, changeCurrency: 'CHF' }], chf);
    expect(francs.tenders[0]).toMatchObject({ changeInMain: 885, changeCurrency: 'CHF' });
  });

  it('refuses a change currency that is neither the tender’s nor the main one', () => {
    const result = settlePayment(5599, [{ method: 'CASH', currency: 'USD', amount: 4000, changeCurrency: 'EUR' }], yen);
    expect(result).toEqual({ ok: false, refusal: { code: 'CHANGE_CURRENCY', tender: 0 } });
  });
});
