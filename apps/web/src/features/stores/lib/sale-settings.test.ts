import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercent,
  cashRoundingChoices,
  percentToBasisPoints,
  readTaxNumber,
  roundingExample,
  trimRate,
} from './sale-settings.ts';

describe('percentToBasisPoints', () => {
  it('reads whole and decimal percentages exactly', () => {
    expect(percentToBasisPoints('10')).toBe(1000);
    expect(percentToBasisPoints('8.1')).toBe(810);
    expect(percentToBasisPoints('7.65')).toBe(765);
    expect(percentToBasisPoints(' 0 ')).toBe(0);
    expect(percentToBasisPoints('100')).toBe(10_000);
    expect(percentToBasisPoints('8.')).toBe(800);
  });

  it('takes a decimal comma and a trailing percent sign', () => {
    expect(percentToBasisPoints('7,7')).toBe(770);
    expect(percentToBasisPoints('19 %')).toBe(1900);
  });

  it('refuses what is not a percentage of 0 to 100 with at most two decimals', () => {
    for (const text of ['', '.', 'ten', '-5', '8.125', '100.01', '250', '1e2', '1.2.3']) {
      expect(percentToBasisPoints(text), text).toBeNull();
    }
  });

  it('is the inverse of basisPointsToPercent for every basis point value', () => {
    for (let bp = 0; bp <= 10_000; bp++) expect(percentToBasisPoints(basisPointsToPercent(bp))).toBe(bp);
  });
});

describe('basisPointsToPercent', () => {
  it('writes the shortest text', () => {
    expect(basisPointsToPercent(1000)).toBe('10');
    expect(basisPointsToPercent(810)).toBe('8.1');
    expect(basisPointsToPercent(765)).toBe('7.65');
    expect(basisPointsToPercent(5)).toBe('0.05');
    expect(basisPointsToPercent(0)).toBe('0');
  });
});

describe('cashRoundingChoices', () => {
  it('offers 0.05, 0.10, 0.50 and 1.00 for a 2-decimal currency', () => {
    expect(cashRoundingChoices('CHF')).toEqual([5, 10, 50, 100]);
    expect(cashRoundingChoices('USD')).toEqual([5, 10, 50, 100]);
  });

  it('offers whole units for a 0-decimal currency', () => {
    expect(cashRoundingChoices('JPY')).toEqual([5, 10, 50, 100]);
  });

  it('adds one whole unit for a 3-decimal currency', () => {
    expect(cashRoundingChoices('KWD')).toEqual([5, 10, 50, 100, 1000]);
  });

  it("keeps the store's own increment when it is not one of them", () => {
    expect(cashRoundingChoices('JPY', 1000)).toEqual([5, 10, 50, 100, 1000]);
    expect(cashRoundingChoices('CHF', 10)).toEqual([5, 10, 50, 100]);
  });
});

describe('trimRate', () => {
  it('drops padding zeros and keeps whole numbers whole', () => {
    expect(trimRate('150.250000')).toBe('150.25');
    expect(trimRate('1.000')).toBe('1');
    expect(trimRate('150')).toBe('150');
    expect(trimRate('100')).toBe('100');
    expect(trimRate('0.0067')).toBe('0.0067');
  });
});

describe('roundingExample', () => {
  it('is 12.33 in the currency, in its minor units', () => {
    expect(roundingExample('USD')).toBe(1233);
    expect(roundingExample('JPY')).toBe(1233);
    expect(roundingExample('KWD')).toBe(12333);
  });
});

describe('readTaxNumber', () => {
  it("reads a yen store's number as a person types it and sends it normalised", () => {
    expect(readTaxNumber('T7000012050002', 'JPY')).toEqual({ ok: true, value: 'T7000012050002' });
    expect(readTaxNumber(' t 7000-0120-50002 ', 'JPY')).toEqual({ ok: true, value: 'T7000012050002' });
    expect(readTaxNumber('Ｔ７００００１２０５０００２', 'JPY')).toEqual({ ok: true, value: 'T7000012050002' });
    expect(readTaxNumber('7000012050002', 'JPY')).toEqual({ ok: true, value: 'T7000012050002' });
    expect(readTaxNumber('  ', 'JPY')).toEqual({ ok: true, value: null });
  });

  it('says why a number is refused', () => {
    expect(readTaxNumber('T7000012050003', 'JPY')).toEqual({ ok: false, problem: 'CHECK_DIGIT' });
    expect(readTaxNumber('T700001205000', 'JPY')).toEqual({ ok: false, problem: 'LENGTH' });
    expect(readTaxNumber('invoice', 'JPY')).toEqual({ ok: false, problem: 'NOT_DIGITS' });
    expect(readTaxNumber('VAT#1', 'EUR')).toEqual({ ok: false, problem: 'FORMAT' });
  });

  it("keeps another currency's number as written", () => {
    expect(readTaxNumber(' DE 123456789 ', 'EUR')).toEqual({ ok: true, value: 'DE 123456789' });
  });
});
