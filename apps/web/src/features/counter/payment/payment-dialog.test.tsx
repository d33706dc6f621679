import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { parseRate, type PaymentContext, type TenderInput } from '@shopdesk/shared';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { PaymentDialog, type PayResult } from './payment-dialog.tsx';
import type { PointsOffer } from './use-payment-entry.ts';
import { formatSecond } from '../../../lib/store-money.ts';
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';

beforeAll(stubLayoutApis);

afterEach(cleanup);

function context(
  main: PaymentContext['mainCurrency'],
  second: PaymentContext['secondCurrency'],
  rate: string | null,
  cashRounding = 0,
): PaymentContext {
  return { mainCurrency: main, secondCurrency: second, rate: rate ? parseRate(rate) : null, cashRounding };
}

function open(
  total: number,
  ctx: PaymentContext,
  onPay: (tenders: TenderInput[], points?: number) => Promise<PayResult> = async () => ({ ok: true, queued: false }),
  points: PointsOffer | null = null,
) {
  const pay = vi.fn(onPay);
  const onNewSale = vi.fn();
  const onClose = vi.fn();
  const onSalePaid = vi.fn();
  // No store: the dialog offers the currency's default methods and asks no server.
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider env="test">
        <PaymentDialog
          opened
          store=""
          total={total}
          context={ctx}
          rateInfo={ctx.rate ? { rate: '0', date: '2026-11-20', source: 'ECB', stale: false } : null}
          onPay={pay}
          onClose={onClose}
          onNewSale={onNewSale}
          onSalePaid={onSalePaid}
          points={points}
        />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { pay, onNewSale, onClose, onSalePaid };
}

const amountField = () => screen.getByLabelText(/Amount received/);
const type = (text: string) => fireEvent.change(amountField(), { target: { value: text } });
const submit = async () => {
  await act(async () => {
    fireEvent.submit(amountField().closest('form')!);
  });
};
// A payment method is a button, a currency a segment.
const choose = (label: string) =>
  fireEvent.click(screen.queryByRole('button', { name: label }) ?? screen.getByRole('radio', { name: label }));
const referenceField = () => screen.getByLabelText(/Reference number/);

describe('PaymentDialog', () => {
  it('takes the exact amount in cash with one tap and Enter, and shows no change', async () => {
    const { pay, onNewSale, onSalePaid } = open(1347, context('USD', null, null));
    fireEvent.click(screen.getByRole('button', { name: 'Exact $13.47' }));
    expect(amountField()).toHaveProperty('value', '13.47');
    await submit();
    expect(pay).toHaveBeenCalledWith([{ method: 'CASH', methodId: 'CASH', currency: 'USD', amount: 1347 }]);
    // Once paid, what follows a payment (the cash drawer) hears of it once, with the cash tender.
    expect(onSalePaid).toHaveBeenCalledOnce();
    expect(onSalePaid.mock.calls[0]![0].tenders).toMatchObject([{ method: 'CASH', applied: 1347 }]);
    expect(screen.getByText('No change')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'New sale' });
    expect(document.activeElement).toBe(next);
    fireEvent.click(next);
    expect(onNewSale).toHaveBeenCalledOnce();
  });

  it('offers the round-ups and notes above the due', () => {
    open(1347, context('USD', null, null));
    for (const label of ['$14.00', '$15.00', '$20.00', '$50.00'])
      expect(screen.getByRole('button', { name: label })).toBeTruthy();
  });

  it('splits cash and card: a short tender stays listed with the rest due, the card pays the rest', async () => {
    const { pay } = open(5000, context('USD', null, null));
    type('20');
    expect(screen.getByText('$30.00 still to pay after this')).toBeTruthy();
    await submit();
    expect(pay).not.toHaveBeenCalled();
    expect(screen.getByText('Still to pay')).toBeTruthy();
    expect(screen.getByTestId('payment-due').textContent).toBe('$30.00');
    expect(screen.getByRole('button', { name: 'Remove Cash $20.00' })).toBeTruthy();
    choose('Card');
    // A card asks for its slip's number: no payment without it.
    expect(document.querySelector('button[type="submit"]')).toHaveProperty('disabled', true);
    fireEvent.change(referenceField(), { target: { value: ' SLIP-0042 ' } });
    // An empty amount is the exact amount: one key for a card.
    await submit();
    expect(pay).toHaveBeenCalledWith([
      { method: 'CASH', methodId: 'CASH', currency: 'USD', amount: 2000 },
      { method: 'CARD', methodId: 'CARD', reference: 'SLIP-0042', currency: 'USD', amount: 3000 },
    ]);
  });

  it("offers a yen store's default methods as buttons and pays with PayPay and its transaction number", async () => {
    const { pay } = open(1200, context('JPY', null, null));
    for (const name of ['Cash', 'Credit card', 'PayPay', 'IC card', 'Other QR payment'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    choose('PayPay');
    expect(screen.getByRole('button', { name: 'PayPay' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(referenceField(), { target: { value: 'PP-778' } });
    await submit();
    expect(pay).toHaveBeenCalledWith([
      { method: 'OTHER', methodId: 'PAYPAY', reference: 'PP-778', currency: 'JPY', amount: 1200 },
    ]);
    expect(screen.getByText(/PayPay · /)).toBeTruthy();
  });

  it('lets a listed tender be removed', async () => {
    open(5000, context('USD', null, null));
    type('20');
    await submit();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Cash $20.00' }));
    expect(screen.getByTestId('payment-due').textContent).toBe('$50.00');
  });

  it('takes JPY-main cash in USD and gives the change in the currency the cashier picks', async () => {
    // 1 JPY = 0.0066 USD: ¥8,800 is $58.08 exactly; $100 leaves $41.92, or in yen ¥15,151 (worth, rounded down) − ¥8,800.
    const { pay } = open(8800, context('JPY', 'USD', '0.0066'));
    expect(screen.getByTestId('payment-due-second').textContent).toBe('= $58.08');
    choose('$ USD');
    expect(screen.getByRole('button', { name: 'Exact $58.08' })).toBeTruthy();
    type('100');
    // The tender's own currency unless the cashier picks the main one; one currency on screen at a time.
    expect(screen.getByTestId('change-preview').textContent).toBe('Change $41.92');
    choose('¥6,351 JPY');
    expect(screen.getByTestId('change-preview').textContent).toBe('Change ¥6,351');
    await submit();
    expect(pay).toHaveBeenCalledWith([
      { method: 'CASH', methodId: 'CASH', currency: 'USD', amount: 10000, changeCurrency: 'JPY' },
    ]);
    expect(screen.getByTestId('change-amount').textContent).toBe('¥6,351');
    expect(screen.getByTestId('change-currency').textContent).toBe('Handed back in JPY');
  });

  it('shows a second-currency figure by one rule: the cart, the amount asked and the exact tender agree', async () => {
    // ¥5,599 at 0.0065 is $36.3935: shown, asked and taken as $36.40 (rounded up), never $36.39.
    const ctx = context('JPY', 'USD', '0.0065');
    expect(formatSecond({ main: 'JPY', second: 'USD', rate: '0.0065', locale: 'en-US' }, 5599)).toBe('$36.40');
    const { pay } = open(5599, ctx);
    expect(screen.getByTestId('payment-due-second').textContent).toBe('= $36.40');
    choose('$ USD');
    fireEvent.click(screen.getByRole('button', { name: 'Exact $36.40' }));
    await submit();
    expect(pay).toHaveBeenCalledWith([{ method: 'CASH', methodId: 'CASH', currency: 'USD', amount: 3640 }]);
  });

  it('gives JPY change from a ¥10,000 note, in yen only', async () => {
    open(8800, context('JPY', 'USD', '0.0066'));
    fireEvent.click(screen.getByRole('button', { name: '¥10,000' }));
    // Cash in the main currency: no choice to make.
    expect(screen.queryByText('Give the change in')).toBeNull();
    await submit();
    expect(screen.getByTestId('change-amount').textContent).toBe('¥1,200');
    expect(screen.getByTestId('change-currency').textContent).toBe('Handed back in JPY');
  });

  it('is exact to the fils with KWD (3 decimals) against USD', async () => {
    // 1 KWD = 3.25 USD: KWD 12.345 is $40.12125 → asked $40.13; $50 leaves $9.87 = KWD 3.03692 → 3.037.
    const { pay } = open(12345, context('KWD', 'USD', '3.25'));
    choose('$ USD');
    expect(screen.getByRole('button', { name: 'Exact $40.13' })).toBeTruthy();
    type('50');
    await submit();
    expect(pay).toHaveBeenCalledWith([{ method: 'CASH', methodId: 'CASH', currency: 'USD', amount: 5000 }]);
    expect(screen.getByTestId('change-amount').textContent).toBe('$9.87');
  });

  it('refuses more than three decimals in KWD', () => {
    open(12345, context('KWD', 'USD', '3.25'));
    type('12.3456');
    expect(screen.getByText('Type an amount in KWD with at most 3 decimals.')).toBeTruthy();
  });

  it('refuses a card payment above the due and says why', async () => {
    const { pay } = open(1000, context('USD', null, null));
    choose('Card');
    type('20');
    expect(screen.getByText(/only cash gives change/)).toBeTruthy();
    await submit();
    expect(pay).not.toHaveBeenCalled();
  });

  it('rounds a CHF cash total to 0.05 and shows the rounding, while a card pays to the centime', async () => {
    const { pay } = open(1002, context('CHF', null, null, 5));
    expect(screen.getByRole('button', { name: /Exact CHF.10\.00/ })).toBeTruthy();
    type('20');
    await submit();
    expect(pay).toHaveBeenCalledWith([{ method: 'CASH', methodId: 'CASH', currency: 'CHF', amount: 2000 }]);
    expect(screen.getByTestId('change-amount').textContent).toMatch(/CHF.10\.00/);
    expect(screen.getByTestId('cash-rounding').textContent).toMatch(/Cash rounding −CHF.0\.02: CHF.10\.00 due/);
  });

  it('completes a sale with nothing due with no tender: a zero total, or CHF 0.02 that cash rounds to 0', async () => {
    for (const [total, ctx] of [
      [0, context('USD', null, null)],
      [2, context('CHF', null, null, 5)],
    ] as const) {
      const { pay } = open(total, ctx);
      const complete = screen.getByRole('button', { name: 'Complete sale' });
      expect(complete).toHaveProperty('disabled', false);
      await submit();
      expect(pay).toHaveBeenCalledWith([]);
      cleanup();
    }
  });

  it('asks a card for the unrounded CHF total', () => {
    open(1002, context('CHF', null, null, 5));
    choose('Card');
    expect(screen.getByRole('button', { name: /Exact CHF.10\.02/ })).toBeTruthy();
  });

  it('keeps a refused sale open with the reason, and says when a sale was queued offline', async () => {
    let answer: PayResult = { ok: false, message: 'Free plan limit reached' };
    const { pay } = open(500, context('USD', null, null), async () => answer);
    await submit();
    expect(pay).toHaveBeenCalledOnce();
    expect(screen.getByRole('alert').textContent).toContain('Free plan limit reached');
    answer = { ok: true, queued: true };
    await submit();
    expect(screen.getByText('Saved offline — will sync')).toBeTruthy();
  });

  it('disables the second currency without a rate and says why', () => {
    open(500, context('USD', 'EUR', null));
    expect(screen.getByRole('radio', { name: '€ EUR' })).toHaveProperty('disabled', true);
    expect(screen.getAllByText(/No exchange rate for EUR/).length).toBeGreaterThan(0);
  });

  it('types digits pressed anywhere in the dialog into the amount', () => {
    open(500, context('USD', null, null));
    const card = screen.getByRole('button', { name: 'Card' });
    fireEvent.keyDown(card, { key: '7' });
    expect(amountField()).toHaveProperty('value', '7');
  });

  describe('Use points', () => {
    const offer = (over: Partial<PointsOffer> = {}): PointsOffer => ({
      balance: 500,
      settings: { enabled: true, earnRate: 100, pointValue: 1, minRedeem: 10, expiryMonths: null },
      allowed: true,
      reason: '',
      dueBeforePoints: 1250,
      totalWith: (d) => 1250 - d,
      ...over,
    });

    it('shows the discount, lowers the due amount and pays with the points', async () => {
      const { pay } = open(1250, context('USD', null, null), undefined, offer());
      expect(screen.getByText('From 10 to 500 points')).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Points to use'), { target: { value: '300' } });
      expect(screen.getByTestId('points-discount').textContent).toBe('300 points: −$3.00');
      expect(screen.getByTestId('payment-due').textContent).toBe('$9.50');
      expect(screen.getByText('$12.50 before points')).toBeTruthy();
      await submit();
      expect(pay).toHaveBeenCalledWith([{ method: 'CASH', methodId: 'CASH', currency: 'USD', amount: 950 }], 300);
    });

    it('is disabled with the reason for a member without DISCOUNT, who may ask for an approval on a till', async () => {
      const ask = vi.fn(async () => true);
      open(
        1250,
        context('USD', null, null),
        undefined,
        offer({ allowed: false, reason: 'You need Discount', onAskApproval: ask }),
      );
      expect(screen.getByLabelText('Points to use')).toHaveProperty('disabled', true);
      expect(screen.getByTestId('points-reason').textContent).toBe('You need Discount');
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Ask for approval' }));
      });
      expect(ask).toHaveBeenCalledOnce();
    });
  });
});
