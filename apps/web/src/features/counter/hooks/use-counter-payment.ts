import { useCallback, useMemo } from 'react';
import { parseRate, type CurrencyCode, type TenderInput } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { trimRate } from '../../../lib/rate-text.ts';
import { useSession } from '../../../lib/session-store.ts';
import type { StoreMoney } from '../../../lib/store-money.ts';
import { useCounterRate } from '../api/store-rate.ts';
import type { useCheckout } from './use-checkout.ts';
import type { CounterSale } from './use-counter-sale.ts';

/**
 * Paying the sale on the counter: the rate second-currency amounts use (the store's dated rate,
 * else the session's copy of it), what the payment dialog needs to settle, and `pay`, which hands
 * the cart to the sale queue and empties the counter for the next customer once the sale is safe.
 */
export function useCounterPayment(
  store: string,
  money: StoreMoney,
  sale: CounterSale,
  checkout: ReturnType<typeof useCheckout>,
  leaveHeldCart: () => void,
  /** Minor units one point takes off (the store's loyalty settings): the queue's preview shows what was paid. */
  pointValue = 1,
) {
  const { t } = useTranslation();
  const sessionRate = useSession((s) => s.exchangeRate?.rate ?? null);
  const cashRounding = useSession((s) => s.virtualStore?.cashRounding ?? 0);
  const rateQuery = useCounterRate(store, Boolean(money.second));
  const { cart, dispatch, totalWithPoints } = sale;
  const { noteSold } = sale.catalog;

  const rate = rateQuery.data?.effective ?? null;
  const rateText = rate?.rate ?? sessionRate;
  const stale = Boolean(money.second) && (rateQuery.data?.stale ?? false);
  const context = useMemo(
    () => ({
      mainCurrency: money.main,
      secondCurrency: money.second as CurrencyCode | null,
      rate: rateText ? parseRate(rateText) : null,
      cashRounding,
    }),
    [money.main, money.second, rateText, cashRounding],
  );
  const rateInfo =
    money.second && rateText
      ? {
          rate: trimRate(rateText),
          date: rate?.date ?? '',
          source: rate ? t(`counter.rateSource.${rate.source}`, { defaultValue: rate.source }) : '',
          stale: rateQuery.data?.stale ?? false,
        }
      : null;

  const pay = useCallback(
    async (tenders: TenderInput[], pointsRedeemed = 0) => {
      const sold = cart.lines.flatMap((l) => (l.code ? [{ code: l.code, quantity: l.quantity }] : []));
      // The rate the dialog showed, when it is the store's dated rate (not only the session's copy).
      const shown = rate && rateText === rate.rate ? { rate: rate.rate, date: rate.date, source: rate.source } : null;
      const result = await checkout.pay(
        cart,
        totalWithPoints(pointsRedeemed * pointValue),
        tenders,
        shown,
        pointsRedeemed,
      );
      if (result.ok) {
        // The sale is safe (stored, or queued on this device): the cart is empty for the next customer
        // while the change screen is still up.
        dispatch({ type: 'clear' });
        void noteSold(sold);
        leaveHeldCart();
      }
      return result;
    },
    [checkout, cart, totalWithPoints, rate, rateText, dispatch, noteSold, leaveHeldCart, pointValue],
  );

  return { rate, stale, context, rateInfo, pay };
}
