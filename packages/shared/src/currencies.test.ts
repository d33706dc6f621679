import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, currencyCountry, currencyLabel, currencyName } from './currencies.ts';

describe('currency labels', () => {
  it('read sign (CODE) country, in English without a locale (original.md §3)', () => {
    expect(currencyLabel('USD')).toBe('$ (USD) United States');
    expect(currencyLabel('EUR')).toBe('€ (EUR) European Union');
  });

  it('name the country in the reader language', () => {
    expect(currencyLabel('USD', 'en-US')).toBe('$ (USD) United States');
    expect(currencyLabel('JPY', 'ja-JP')).toBe('¥ (JPY) 日本');
    expect(currencyCountry('EUR', 'ja-JP')).toBe('欧州連合');
    // The common names, not CLDR's long "Hong Kong SAR China".
    expect(currencyCountry('HKD', 'en-US')).toBe('Hong Kong');
    expect(currencyCountry('MOP', 'ja-JP')).toBe('マカオ');
  });

  it('gives every supported currency a localized country and name', () => {
    for (const code of CURRENCY_CODES) {
      expect(currencyCountry(code, 'ja-JP')).not.toBe('');
      expect(currencyName(code, 'ja-JP')).not.toBe(code);
    }
    expect(currencyName('USD', 'ja-JP')).toBe('米ドル');
    expect(currencyName('USD', 'en-US')).toBe('US Dollar');
  });
});
