/**
 * The 28 currencies the product supports (original.md §3), with their ISO 4217 exponent so money
 * can be kept as integer minor units (product.md §3).
 */
export interface CurrencyDetails {
  code: string;
  locale: string;
  sign: string;
  /** The country in English, as the label reads without a locale. */
  country: string;
  /** Its CLDR region code (EU for the euro), for the country's name in the reader's language. */
  region: string;
  /** Number of decimal digits of the minor unit: 0 for JPY and KRW, 3 for KWD, BHD, OMR. */
  exponent: number;
}

export const CURRENCY_CODES = [
  'USD',
  'JPY',
  'CNY',
  'KRW',
  'INR',
  'AUD',
  'PHP',
  'IDR',
  'MYR',
  'EUR',
  'CAD',
  'SGD',
  'HKD',
  'NZD',
  'RUB',
  'AED',
  'QAR',
  'SAR',
  'GBP',
  'KWD',
  'BHD',
  'ILS',
  'NOK',
  'TWD',
  'OMR',
  'MOP',
  'CHF',
  'THB',
] as const;

export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export const CURRENCIES: Record<CurrencyCode, CurrencyDetails> = {
  USD: { code: 'USD', locale: 'en-US', sign: '$', country: 'United States', region: 'US', exponent: 2 },
  JPY: { code: 'JPY', locale: 'ja-JP', sign: '¥', country: 'Japan', region: 'JP', exponent: 0 },
  CNY: { code: 'CNY', locale: 'zh-CN', sign: '¥', country: 'China', region: 'CN', exponent: 2 },
  KRW: { code: 'KRW', locale: 'ko-KR', sign: '₩', country: 'South Korea', region: 'KR', exponent: 0 },
  INR: { code: 'INR', locale: 'en-IN', sign: '₹', country: 'India', region: 'IN', exponent: 2 },
  AUD: { code: 'AUD', locale: 'en-AU', sign: '$', country: 'Australia', region: 'AU', exponent: 2 },
  PHP: { code: 'PHP', locale: 'en-PH', sign: '₱', country: 'Philippines', region: 'PH', exponent: 2 },
  IDR: { code: 'IDR', locale: 'id-ID', sign: 'Rp', country: 'Indonesia', region: 'ID', exponent: 2 },
  MYR: { code: 'MYR', locale: 'ms-MY', sign: 'RM', country: 'Malaysia', region: 'MY', exponent: 2 },
  EUR: { code: 'EUR', locale: 'de-DE', sign: '€', country: 'European Union', region: 'EU', exponent: 2 },
  CAD: { code: 'CAD', locale: 'en-CA', sign: '$', country: 'Canada', region: 'CA', exponent: 2 },
  SGD: { code: 'SGD', locale: 'en-SG', sign: '$', country: 'Singapore', region: 'SG', exponent: 2 },
  HKD: { code: 'HKD', locale: 'zh-HK', sign: '$', country: 'Hong Kong', region: 'HK', exponent: 2 },
  NZD: { code: 'NZD', locale: 'en-NZ', sign: '$', country: 'New Zealand', region: 'NZ', exponent: 2 },
  RUB: { code: 'RUB', locale: 'ru-RU', sign: '₽', country: 'Russia', region: 'RU', exponent: 2 },
  AED: { code: 'AED', locale: 'ar-AE', sign: 'د.إ', country: 'United Arab Emirates', region: 'AE', exponent: 2 },
  QAR: { code: 'QAR', locale: 'ar-QA', sign: 'ر.ق', country: 'Qatar', region: 'QA', exponent: 2 },
  SAR: { code: 'SAR', locale: 'ar-SA', sign: 'ر.س', country: 'Saudi Arabia', region: 'SA', exponent: 2 },
  GBP: { code: 'GBP', locale: 'en-GB', sign: '£', country: 'United Kingdom', region: 'GB', exponent: 2 },
  KWD: { code: 'KWD', locale: 'ar-KW', sign: 'د.ك', country: 'Kuwait', region: 'KW', exponent: 3 },
  BHD: { code: 'BHD', locale: 'ar-BH', sign: '.د.ب', country: 'Bahrain', region: 'BH', exponent: 3 },
  ILS: { code: 'ILS', locale: 'he-IL', sign: '₪', country: 'Israel', region: 'IL', exponent: 2 },
  NOK: { code: 'NOK', locale: 'nb-NO', sign: 'kr', country: 'Norway', region: 'NO', exponent: 2 },
  TWD: { code: 'TWD', locale: 'zh-TW', sign: 'NT$', country: 'Taiwan', region: 'TW', exponent: 2 },
  OMR: { code: 'OMR', locale: 'ar-OM', sign: 'ر.ع.', country: 'Oman', region: 'OM', exponent: 3 },
  MOP: { code: 'MOP', locale: 'zh-MO', sign: 'MOP$', country: 'Macau', region: 'MO', exponent: 2 },
  CHF: { code: 'CHF', locale: 'de-CH', sign: 'CHF', country: 'Switzerland', region: 'CH', exponent: 2 },
  THB: { code: 'THB', locale: 'th-TH', sign: '฿', country: 'Thailand', region: 'TH', exponent: 2 },
};

// CLDR's long names of these two read "… SAR China"; the short ones are what people call them.
const SHORT_REGION_NAMES = new Set(['HK', 'MO']);

const displayNames = new Map<string, Intl.DisplayNames>();

function displayName(locale: string, options: Intl.DisplayNamesOptions, code: string): string | undefined {
  const key = `${locale}|${options.type}|${options.style ?? ''}`;
  try {
    let names = displayNames.get(key);
    if (!names) displayNames.set(key, (names = new Intl.DisplayNames([locale], options)));
    return names.of(code);
  } catch {
    // An engine without this locale's data (or without Intl.DisplayNames) keeps the English name.
    return undefined;
  }
}

/** The currency's country or area in `locale`'s language (`Japan`, `日本`); English without one. */
export function currencyCountry(code: CurrencyCode, locale?: string): string {
  const c = CURRENCIES[code];
  if (!locale) return c.country;
  const style = SHORT_REGION_NAMES.has(c.region) ? 'short' : 'long';
  return displayName(locale, { type: 'region', style }, c.region) ?? c.country;
}

/** The currency's own name in `locale`'s language (`US Dollar`, `米ドル`), or its code. */
export function currencyName(code: CurrencyCode, locale: string): string {
  return displayName(locale, { type: 'currency' }, code) ?? code;
}

/**
 * The label of original.md §3: sign, code in brackets, then country, e.g. `$ (USD) United States`;
 * with a locale the country is named in that language (`$ (USD) アメリカ合衆国`).
 */
export function currencyLabel(code: CurrencyCode, locale?: string): string {
  const c = CURRENCIES[code];
  return `${c.sign} (${c.code}) ${currencyCountry(code, locale)}`;
}

export function isCurrencyCode(value: string): value is CurrencyCode {
  return (CURRENCY_CODES as readonly string[]).includes(value);
}
