import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { formatMoney, type CurrencyCode, type StatisticGroup } from '@shopdesk/shared';

/**
 * Amounts and period labels of the report in the user's language. Periods are the store's own
 * dates already (the server buckets them in its time zone), so they are formatted as UTC dates:
 * the viewing device's time zone must not move them.
 */
export function useReportFormat(currency: string) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const month = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', timeZone: 'UTC' });
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const count = new Intl.NumberFormat(locale);
    return {
      money: (minor: number, code = currency) => formatMoney(minor, code as CurrencyCode, locale),
      count: (n: number) => count.format(n),
      date: (iso: string) => date.format(new Date(`${iso}T00:00:00Z`)),
      /** "14:00", "Nov 24" or "Nov 2026". */
      period: (key: string, group: StatisticGroup) => {
        if (group === 'hour') return `${key.slice(11, 13)}:00`;
        if (group === 'day') return day.format(new Date(`${key}T00:00:00Z`));
        return month.format(new Date(`${key}-01T00:00:00Z`));
      },
    };
  }, [locale, currency]);
}

export type ReportFormat = ReturnType<typeof useReportFormat>;
