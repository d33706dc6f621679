import { amountInCurrency, formatMoney, type CurrencyCode } from '@shopdesk/shared';
import { useSession } from './session-store.ts';

export interface StoreMoney {
  main: CurrencyCode;
  second: CurrencyCode | null;
  /** Main → second rate when one is known; without it only the main currency is shown. */
  rate: string | null;
  locale: string;
}

/** The open store's currencies and rate, from the session (the shell keeps them current). */
export function useStoreMoney(): StoreMoney {
  const main = useSession((s) => s.virtualStore?.mainCurrency ?? 'USD') as CurrencyCode;
  const second = useSession((s) => s.virtualStore?.secondCurrency ?? null) as CurrencyCode | null;
  const rate = useSession((s) => s.exchangeRate?.rate ?? null);
  const locale = useSession((s) => s.userLocale);
  return { main, second, rate, locale };
}

export function formatMain(money: StoreMoney, minor: number): string {
  return formatMoney(minor, money.main, money.locale);
}

/**
 * The second-currency equivalent of a main-currency amount, or null when no rate is known: by the
 * one rule of `amountInCurrency` (rounded up), so it is the figure the payment dialog asks for.
 * `rate` overrides the session's copy (the counter's fresher effective rate).
 */
export function formatSecond(money: StoreMoney, minor: number, rate: string | null = money.rate): string | null {
  if (!money.second || !rate) return null;
  const converted = amountInCurrency(minor, money.main, money.second, rate);
  return converted === null ? null : formatMoney(converted, money.second, money.locale);
}
