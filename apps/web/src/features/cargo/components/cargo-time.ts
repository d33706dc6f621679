import { useMemo } from 'react';
import { useSession } from '../../../lib/session-store.ts';

/**
 * A date and time format in the store's time zone (where the goods are, whatever zone the viewing
 * device is set to), as sales and reports show theirs, in the user's language.
 */
export function storeDateTimeFormat(locale: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone });
  } catch {
    // A zone this browser does not know: the device's own, rather than nothing.
    return new Intl.DateTimeFormat(locale, options);
  }
}

/** Formats an ISO time of a cargo (its arrival, a QR's expiry) in the store's time zone. */
export function useFormatCargoTime() {
  const locale = useSession((s) => s.userLocale);
  const timeZone = useSession((s) => s.virtualStore?.timezone) || undefined;
  return useMemo(() => {
    const format = storeDateTimeFormat(locale, timeZone);
    return (iso: string) => format.format(new Date(iso));
  }, [locale, timeZone]);
}
