import { useMemo } from 'react';
import { formatMoney, type CurrencyCode } from '@shopdesk/shared';
import { useTranslation } from './i18n/use-translation.ts';
import { useSession } from './session-store.ts';

/**
 * Amounts, dates and times of the stored-value screens (gift cards, store credit on a customer's page, the report) in the user's language: times in the store's
 * time zone; business dates (an expiry, a reference date) as they are, so no device's zone moves them.
 */
export function useStoredValueFormat() {
  const { i18n } = useTranslation();
  const timeZone = useSession((s) => s.virtualStore?.timezone) || undefined;
  const locale = i18n.language;
  return useMemo(() => {
    const make = (options: Intl.DateTimeFormatOptions) => {
      try {
        return new Intl.DateTimeFormat(locale, options);
      } catch {
        return new Intl.DateTimeFormat(locale, { ...options, timeZone: undefined });
      }
    };
    const day = make({ dateStyle: 'medium', timeZone: 'UTC' });
    const dateTime = make({ dateStyle: 'medium', timeStyle: 'short', timeZone });
    const date = make({ dateStyle: 'medium', timeZone });
    const count = new Intl.NumberFormat(locale);
    return {
      money: (minor: number, currency: string) => formatMoney(minor, currency as CurrencyCode, locale),
      /** "+¥500" / "−¥500": a ledger movement with its sign. */
      signed: (minor: number, currency: string) => {
        const text = formatMoney(Math.abs(minor), currency as CurrencyCode, locale);
        return minor > 0 ? `+${text}` : minor < 0 ? `\u2212${text}` : text;
      },
      /** A business date, YYYY-MM-DD. */
      day: (date: string) => day.format(new Date(`${date}T00:00:00Z`)),
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      /** The store's date of a moment (an ISO timestamp). */
      date: (iso: string) => date.format(new Date(iso)),
      count: (n: number) => count.format(n),
    };
  }, [locale, timeZone]);
}

export type StoredValueFormat = ReturnType<typeof useStoredValueFormat>;
