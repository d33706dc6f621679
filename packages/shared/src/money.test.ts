import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, CURRENCIES } from './currencies.ts';
import {
  MoneyParseError,
  formatMoney,
  minorToDecimalText,
  moneyExample,
  parseMoney,
  parseMoneyStrict,
} from './money.ts';

describe('parseMoney', () => {
  it('converts to minor units with the currency exponent', () => {
    expect(parseMoney('19.99', 'USD')).toBe(1999);
    expect(parseMoney('19.9', 'USD')).toBe(1990);
    expect(parseMoney('19', 'USD')).toBe(1900);
    expect(parseMoney('.5', 'USD')).toBe(50);
    expect(parseMoney('500', 'JPY')).toBe(500);
    expect(parseMoney('1000', 'KRW')).toBe(1000);
    expect(parseMoney('1.250', 'KWD')).toBe(1250);
    expect(parseMoney('1.25', 'BHD')).toBe(1250);
    expect(parseMoney('0.001', 'OMR')).toBe(1);
  });

  it("reads the currency's sign or code, thousands separators, spaces and full-width digits", () => {
    expect(parseMoney('$1,234.56', 'USD')).toBe(123456);
    expect(parseMoney('¥ 1,500', 'JPY')).toBe(1500);
    expect(parseMoney('１，５００円', 'JPY')).toBe(1500);
    expect(parseMoney('1500 JPY', 'JPY')).toBe(1500);
    expect(parseMoney(' 12.30 ', 'EUR')).toBe(1230);
  });

  // "-100" is not saved as 100, and "abc" gets a sentence, not "The validated value is not a number".
  it('refuses a minus sign instead of dropping it', () => {
    for (const text of ['-100', '−100', '100-', '$-4.50', '－５']) {
      const error = (() => {
        try {
          parseMoney(text, 'USD');
        } catch (e) {
          return e;
        }
      })();
      expect(error, text).toBeInstanceOf(MoneyParseError);
      expect((error as MoneyParseError).problem).toBe('negative');
      expect((error as MoneyParseError).message).toBe('Must not be negative: enter the amount without a minus sign');
    }
  });

  it('refuses letters, a decimal comma and misplaced separators with an example in the currency', () => {
    for (const text of ['abc', '4.5O', '12,50', '1,2345', '4 50', 'USD4.50x']) {
      expect(() => parseMoney(text, 'USD'), text).toThrow('Enter an amount in digits, like 4.50');
    }
    expect(() => parseMoney('five', 'JPY')).toThrow('Enter an amount in digits, like 500');
    expect(() => parseMoney('x', 'KWD')).toThrow('Enter an amount in digits, like 4.500');
    expect(moneyExample('JPY')).toBe('500');
  });

  it('rejects more decimals than the currency has', () => {
    expect(() => parseMoney('1.5', 'JPY')).toThrow(MoneyParseError);
    expect(() => parseMoney('1.5', 'JPY')).toThrow('JPY has no decimals');
    expect(() => parseMoney('1.999', 'USD')).toThrow('USD has at most 2 decimals');
    expect(() => parseMoney('1.2345', 'KWD')).toThrow('KWD has at most 3 decimals');
  });

  it('rejects text that is not a number', () => {
    for (const text of ['', 'abc', '.', '1.2.3']) {
      expect(() => parseMoney(text, 'USD'), text).toThrow(MoneyParseError);
    }
  });

  it('rejects amounts beyond safe integers', () => {
    expect(() => parseMoney('99999999999999999', 'USD')).toThrow('The amount is too large');
  });

  it('round-trips any minor amount written with the right number of decimals', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCY_CODES), fc.integer({ min: 0, max: 10 ** 12 }), (code, minor) => {
        const exponent = CURRENCIES[code].exponent;
        const digits = String(minor).padStart(exponent + 1, '0');
        const text = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
        expect(parseMoney(text, code)).toBe(minor);
      }),
    );
  });
});

describe('formatMoney', () => {
  // Intl separates with no-break spaces; compare with plain ones.
  const f = (...args: Parameters<typeof formatMoney>) => formatMoney(...args).replace(/\s/g, ' ');

  it('formats with the currency locale and exponent', () => {
    expect(f(1999, 'USD')).toBe('$19.99');
    expect(f(500, 'JPY')).toMatch(/500$/);
    expect(f(500, 'JPY')).not.toContain('.');
    expect(f(1250, 'KWD', 'en-US')).toBe('KWD 1.250');
    expect(f(123456, 'USD', 'de-DE')).toBe('1.234,56 $');
  });
});

describe('minorToDecimalText', () => {
  it('writes minor units as decimal text in the currency exponent', () => {
    expect(minorToDecimalText(1999, 'USD')).toBe('19.99');
    expect(minorToDecimalText(5, 'USD')).toBe('0.05');
    expect(minorToDecimalText(0, 'EUR')).toBe('0.00');
    expect(minorToDecimalText(500, 'JPY')).toBe('500');
    expect(minorToDecimalText(1250, 'KWD')).toBe('1.250');
    expect(minorToDecimalText(-150, 'USD')).toBe('-1.50');
  });

  it('is the inverse of parseMoney for every currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCY_CODES),
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        (currency, minor) => {
          expect(parseMoney(minorToDecimalText(minor, currency), currency)).toBe(minor);
        },
      ),
    );
  });
});

describe('parseMoneyStrict', () => {
  it('reads digits with one decimal point, and the currency sign or code and comma groups where unambiguous', () => {
    expect(parseMoneyStrict('19.99', 'USD')).toBe(1999);
    expect(parseMoneyStrict(' 7 ', 'USD')).toBe(700);
    expect(parseMoneyStrict('.5', 'USD')).toBe(50);
    expect(parseMoneyStrict('$1,234.56', 'USD')).toBe(123456);
    expect(parseMoneyStrict('USD 12', 'USD')).toBe(1200);
    expect(parseMoneyStrict('¥1,500', 'JPY')).toBe(1500);
    expect(parseMoneyStrict('1.250', 'KWD')).toBe(1250);
  });

  it('refuses exponents, letters, markup, other signs and loose separators', () => {
    for (const text of [
      '1e999',
      '1E3',
      '1e-2',
      '0x10',
      'NaN',
      'Infinity',
      '<script>',
      '12abc',
      'abc',
      '',
      '.',
      '1.2.3',
    ]) {
      expect(() => parseMoneyStrict(text, 'USD'), text).toThrow('Must be an amount in digits');
    }
    for (const text of ['1,5', '12,34.5', '1 000', '€12', '+5', '１２']) {
      expect(() => parseMoneyStrict(text, 'USD'), text).toThrow(MoneyParseError);
    }
    expect(() => parseMoneyStrict('-1.00', 'USD')).toThrow('Must not be negative');
    expect(() => parseMoneyStrict('1.5', 'JPY')).toThrow('JPY has no decimals');
    expect(() => parseMoneyStrict('99999999999999999', 'USD')).toThrow('The amount is too large');
  });

  it('reads back every amount minorToDecimalText writes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCY_CODES), fc.integer({ min: 0, max: 10 ** 12 }), (code, minor) => {
        expect(parseMoneyStrict(minorToDecimalText(minor, code), code)).toBe(minor);
      }),
      { seed: 20260104 },
    );
  });
});
