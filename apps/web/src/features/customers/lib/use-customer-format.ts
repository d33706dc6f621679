import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { useSession } from '../../../lib/session-store.ts';

/** Dates as the shop sees them: in the store's time zone, in the user's language. */
export function useCustomerFormat() {
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
    const date = make({ dateStyle: 'medium' });
    const dateTime = make({ dateStyle: 'medium', timeStyle: 'short' });
    return {
      date: (iso: string) => date.format(new Date(iso)),
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      number: (n: number) => n.toLocaleString(locale),
    };
  }, [locale, timeZone]);
}
