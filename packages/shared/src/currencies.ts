/**
 * The 28 currencies the product supports (original.md §3), with their ISO 4217 exponent so money
 * can be kept as integer minor units (product.md §3).
 */
export interface CurrencyDetails {
  code: string;
  locale: string;
  sign: string;
  country: string;
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
  USD: { code: 'USD', locale: 'en-US', sign: '$', country: 'United States', exponent: 2 },
  JPY: { code: 'JPY', locale: 'ja-JP', sign: '¥', country: 'Japan', exponent: 0 },
  CNY: { code: 'CNY', locale: 'zh-CN', sign: '¥', country: 'China', exponent: 2 },
  KRW: { code: 'KRW', locale: 'ko-KR', sign: '₩', country: 'South Korea', exponent: 0 },
  INR: { code: 'INR', locale: 'en-IN', sign: '₹', country: 'India', exponent: 2 },
  AUD: { code: 'AUD', locale: 'en-AU', sign: '$', country: 'Australia', exponent: 2 },
  PHP: { code: 'PHP', locale: 'en-PH', sign: '₱', country: 'Philippines', exponent: 2 },
  IDR: { code: 'IDR', locale: 'id-ID', sign: 'Rp', country: 'Indonesia', exponent: 2 },
  MYR: { code: 'MYR', locale: 'ms-MY', sign: 'RM', country: 'Malaysia', exponent: 2 },
  EUR: { code: 'EUR', locale: 'de-DE', sign: '€', country: 'European Union', exponent: 2 },
  CAD: { code: 'CAD', locale: 'en-CA', sign: '$', country: 'Canada', exponent: 2 },
  SGD: { code: 'SGD', locale: 'en-SG', sign: '$', country: 'Singapore', exponent: 2 },
  HKD: { code: 'HKD', locale: 'zh-HK', sign: '$', country: 'Hong Kong', exponent: 2 },
  NZD: { code: 'NZD', locale: 'en-NZ', sign: '$', country: 'New Zealand', exponent: 2 },
  RUB: { code: 'RUB', locale: 'ru-RU', sign: '₽', country: 'Russia', exponent: 2 },
  AED: { code: 'AED', locale: 'ar-AE', sign: 'د.إ', country: 'United Arab Emirates', exponent: 2 },
  QAR: { code: 'QAR', locale: 'ar-QA', sign: 'ر.ق', country: 'Qatar', exponent: 2 },
  SAR: { code: 'SAR', locale: 'ar-SA', sign: 'ر.س', country: 'Saudi Arabia', exponent: 2 },
  GBP: { code: 'GBP', locale: 'en-GB', sign: '£', country: 'United Kingdom', exponent: 2 },
  KWD: { code: 'KWD', locale: 'ar-KW', sign: 'د.ك', country: 'Kuwait', exponent: 3 },
  BHD: { code: 'BHD', locale: 'ar-BH', sign: '.د.ب', country: 'Bahrain', exponent: 3 },
  ILS: { code: 'ILS', locale: 'he-IL', sign: '₪', country: 'Israel', exponent: 2 },
  NOK: { code: 'NOK', locale: 'nb-NO', sign: 'kr', country: 'Norway', exponent: 2 },
  TWD: { code: 'TWD', locale: 'zh-TW', sign: 'NT$', country: 'Taiwan', exponent: 2 },
  OMR: { code: 'OMR', locale: 'ar-OM', sign: 'ر.ع.', country: 'Oman', exponent: 3 },
  MOP: { code: 'MOP', locale: 'zh-MO', sign: 'MOP$', country: 'Macau', exponent: 2 },
  CHF: { code: 'CHF', locale: 'de-CH', sign: 'CHF', country: 'Switzerland', exponent: 2 },
  THB: { code: 'THB', locale: 'th-TH', sign: '฿', country: 'Thailand', exponent: 2 },
};

/** The label of original.md §3: sign, code in brackets, then country, e.g. `$ (USD) United States`. */
export function currencyLabel(code: CurrencyCode): string {
  const c = CURRENCIES[code];
  return `${c.sign} (${c.code}) ${c.country}`;
}

export function isCurrencyCode(value: string): value is CurrencyCode {
  return (CURRENCY_CODES as readonly string[]).includes(value);
}
