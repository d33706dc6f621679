import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  defaultPaymentMethodList,
  type LoyaltySettings,
  type PaymentContext,
  type TenderInput,
} from '@shopdesk/shared';
import { usePaymentEntry, type PaymentEntryOptions, type PointsOffer } from './use-payment-entry.ts';

const yen: PaymentContext = { mainCurrency: 'JPY', secondCurrency: null, rate: null, cashRounding: 0 };
const loyalty: LoyaltySettings = { enabled: true, earnRate: 100, pointValue: 1, minRedeem: 10, expiryMonths: null };

function offer(over: Partial<PointsOffer> = {}): PointsOffer {
  // Tax included: points come straight off the total.
  return {
    balance: 300,
    settings: loyalty,
    allowed: true,
    reason: '',
    dueBeforePoints: 1000,
    totalWith: (d) => 1000 - d,
    ...over,
  };
}

function setup(over: Partial<PaymentEntryOptions> = {}) {
  const onPay = vi.fn(async (_tenders: TenderInput[], _points?: number) => ({ ok: true as const, queued: false }));
  const onPaid = vi.fn();
  const hook = renderHook(() =>
    usePaymentEntry({
      total: 1000,
      context: yen,
      methods: defaultPaymentMethodList('JPY'),
      busy: false,
      setBusy: () => undefined,
      onPay,
      onPaid,
      failedText: 'failed',
      ...over,
    }),
  );
  return { ...hook, onPay, onPaid };
}

describe('usePaymentEntry', () => {
  it('takes an empty amount as the exact one and pays it in cash', async () => {
    const { result, onPay, onPaid } = setup();
    expect(result.current.remaining).toBe(1000);
    expect(result.current.canSubmit).toBe(true);
    await act(() => result.current.submit());
    expect(onPay).toHaveBeenCalledWith([{ method: 'CASH', methodId: 'CASH', currency: 'JPY', amount: 1000 }]);
    expect(onPaid).toHaveBeenCalledOnce();
  });

  it('keeps a short cash amount as a partial tender, then pays the rest', async () => {
    const { result, onPay } = setup();
    act(() => result.current.setText('400'));
    expect(result.current.outcome?.kind).toBe('partial');
    await act(() => result.current.submit());
    expect(result.current.tenders).toHaveLength(1);
    expect(result.current.remaining).toBe(600);
    expect(onPay).not.toHaveBeenCalled();
    await act(() => result.current.submit());
    expect(onPay.mock.calls[0]![0].map((t) => t.amount)).toEqual([400, 600]);
  });

  it('uses points: the most the balance and the sale allow, the due amount lowered, pointsRedeemed sent', async () => {
    const { result, onPay } = setup({ points: offer() });
    expect(result.current.pointsMax).toBe(300);
    act(() => result.current.setPoints('250'));
    expect(result.current.redeem).toBe(250);
    expect(result.current.pointsDiscount).toBe(250);
    expect(result.current.remaining).toBe(750);
    expect(result.current.exact).toBe(750);
    await act(() => result.current.submit());
    expect(onPay).toHaveBeenCalledWith([{ method: 'CASH', methodId: 'CASH', currency: 'JPY', amount: 750 }], 250);
  });

  it('refuses points below the minimum or over the balance, and pays nothing then', async () => {
    const { result, onPay } = setup({ points: offer() });
    act(() => result.current.setPoints('5'));
    expect(result.current.pointsRefusal).toBe('BELOW_MINIMUM');
    expect(result.current.canSubmit).toBe(false);
    act(() => result.current.setPoints('301'));
    expect(result.current.pointsRefusal).toBe('OVER_BALANCE');
    act(() => result.current.setPoints('abc'));
    expect(result.current.pointsRefusal).toBe('NOT_A_NUMBER');
    await act(() => result.current.submit());
    expect(onPay).not.toHaveBeenCalled();
  });

  it('caps points at the sale after its discounts (before tax), and prices the rest as the server does', () => {
    // Tax added on top: 1000 before tax, 10% tax; points take off before tax.
    const taxed = offer({ balance: 5000, dueBeforePoints: 1000, totalWith: (d) => Math.round((1000 - d) * 1.1) });
    const { result } = setup({ total: 1100, points: taxed });
    expect(result.current.pointsMax).toBe(1000);
    act(() => result.current.setPoints('1001'));
    expect(result.current.pointsRefusal).toBe('OVER_TOTAL');
    act(() => result.current.setPoints('500'));
    expect(result.current.remaining).toBe(550);
  });

  it('redeems nothing for a member who may not give discounts', async () => {
    const { result, onPay } = setup({ points: offer({ allowed: false, reason: 'You need Discount' }) });
    act(() => result.current.setPoints('100'));
    expect(result.current.redeem).toBe(0);
    expect(result.current.remaining).toBe(1000);
    await act(() => result.current.submit());
    expect(onPay).toHaveBeenCalledWith([{ method: 'CASH', methodId: 'CASH', currency: 'JPY', amount: 1000 }]);
  });

  it('offers no points under the minimum balance', () => {
    const { result } = setup({ points: offer({ balance: 9 }) });
    expect(result.current.pointsMax).toBe(0);
  });
});
