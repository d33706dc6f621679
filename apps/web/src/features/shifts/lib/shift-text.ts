import type { TFunction } from '../../../lib/i18n/types.ts';
import { formatMoney, type CurrencyCode } from '@shopdesk/shared';

/** Money of a shift report in its own currency, in the reader's locale. */
export function money(minor: number, currency: CurrencyCode, locale: string): string {
  // `-0` (nothing paid out, shown as a subtraction) would read "-$0.00".
  return formatMoney(minor === 0 ? 0 : minor, currency, locale);
}

/** A difference with its sign spelled out (+$1.00 over, -$0.50 short, $0.00 even). */
export function signedMoney(minor: number, currency: CurrencyCode, locale: string): string {
  return `${minor > 0 ? '+' : ''}${money(minor, currency, locale)}`;
}

/** A moment of the shift in the store's time zone. */
export function shiftTime(iso: string, locale: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
  } catch {
    // An unknown zone on this device: the device's own zone still gives a readable moment.
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  }
}

/** "2 sales, 1 refund" (販売 2 件、返金 1 件) of one cashier, each count in its plural form. */
export function cashierCounts(t: TFunction, c: { salesCount: number; refundsCount: number }): string {
  return t('shifts.cashierCounts', {
    sales: t('shifts.salesCount', { count: c.salesCount }),
    refunds: t('shifts.refundsCount', { count: c.refundsCount }),
  });
}
