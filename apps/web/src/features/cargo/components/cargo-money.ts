import { formatMoney, type CurrencyCode } from '@shopdesk/shared';
import { useSession } from '../../../lib/session-store.ts';

/** Formats minor units of a cargo's own currency (a received cargo may be priced in another). */
export function useFormatCargoMoney() {
  const locale = useSession((s) => s.userLocale);
  return (minor: number, currency: string) => formatMoney(minor, currency as CurrencyCode, locale);
}
