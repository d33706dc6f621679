import type { CurrencyCode } from '@shopdesk/shared';

/**
 * The rates bundled with the app, so a new install has a rate for every pair of the 28 currencies
 * before any feed is imported (product.md §5). They are approximate euro reference values around
 * `date`, meant only as a first rate: sales show the rate's date and source, and a rate older than
 * RATE_STALE_DAYS asks the owner for a manual rate (or an import, `npm run rates:import`). RUB, KWD
 * and TWD are not in the ECB feed and float, so they keep this dated value until a manual rate is
 * set; the pegged currencies (pegs.ts) are derived from USD and HKD here as after every import.
 */
export const RATES_SNAPSHOT: { date: string; eurRates: Partial<Record<CurrencyCode, string>> } = {
  date: '2025-10-31',
  eurRates: {
    USD: '1.1554',
    JPY: '177.91',
    CNY: '8.2271',
    KRW: '1655.7',
    INR: '102.6',
    AUD: '1.7646',
    PHP: '68.02',
    IDR: '19222',
    MYR: '4.8469',
    CAD: '1.6189',
    SGD: '1.5058',
    HKD: '8.9815',
    NZD: '2.0196',
    RUB: '93.6',
    GBP: '0.878',
    KWD: '0.3546',
    ILS: '3.77',
    NOK: '11.67',
    TWD: '35.55',
    CHF: '0.929',
    THB: '37.45',
  },
};
