import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { formatMoney, type CurrencyCode } from '@shopdesk/shared';
import { useSession } from '../../../lib/session-store.ts';

/**
 * Amounts and times of sales as the shop sees them: times in the store's time zone (where the
 * till is, whatever the viewing device says), amounts in the sale's own currencies, both in the
 * user's language.
 */
export function useSalesFormat() {
  const { i18n } = useTranslation();
  const timeZone = useSession((s) => s.virtualStore?.timezone) || undefined;
  const locale = i18n.language;
  return useMemo(() => {
    const make = (options: Intl.DateTimeFormatOptions) => {
      try {
        return new Intl.DateTimeFormat(locale, { ...options, timeZone });
      } catch {
        return new Intl.DateTimeFormat(locale, options);
      }
    };
    const dateTime = make({ dateStyle: 'medium', timeStyle: 'short' });
    const short = make({ month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    const ratio = new Intl.NumberFormat(locale, { maximumSignificantDigits: 8 });
    return {
      timeZone,
      money: (minor: number, currency: string) => formatMoney(minor, currency as CurrencyCode, locale),
      /** "Nov 24, 2026, 2:05 PM": the detail's heading and refunds. */
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      /** "Nov 24, 02:05 PM": a list row. */
      short: (iso: string) => short.format(new Date(iso)),
      /** Basis points as a percentage: 1000 → "10%". */
      rate: (basisPoints: number) => percent.format(basisPoints / 10_000),
      number: (n: number) => n.toLocaleString(locale),
      /** A stored rate ("153.981305175697") to 8 significant digits, enough to check a conversion by hand. */
      exchangeRate: (rate: string) => ratio.format(Number(rate)),
    };
  }, [locale, timeZone]);
}

export type SalesFormat = ReturnType<typeof useSalesFormat>;
