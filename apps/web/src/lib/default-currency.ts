import { CURRENCIES, CURRENCY_CODES, type CurrencyCode } from '@shopdesk/shared';

/** A first guess at a new store's currency from the browser's region (e.g. ja-JP → JPY). */
export function guessCurrency(
  languages: readonly string[] = navigator.languages ?? [navigator.language],
): CurrencyCode {
  for (const lang of languages) {
    const region = lang.split('-')[1]?.toUpperCase();
    if (!region) continue;
    const hit = CURRENCY_CODES.find((c) => CURRENCIES[c].locale.split('-')[1] === region);
    if (hit) return hit;
  }
  return 'USD';
}
