import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  corporateNumberCheckDigit,
  invoiceNumberSchema,
  parseInvoiceNumber,
  taxRegistrationNumberProblem,
} from './invoice-number.ts';
import { effectiveTaxCalculation } from './sale-pricing.ts';

describe('Japanese invoice registration numbers', () => {
  it("computes the National Tax Agency's check digit of published numbers", () => {
    expect(corporateNumberCheckDigit('000012050002')).toBe(7); // the NTA itself, T7000012050002
    expect(corporateNumberCheckDigit('180301018771')).toBe(1); // Toyota Motor, 1180301018771
    expect(corporateNumberCheckDigit('000012090001')).toBe(4); // METI, 4000012090001
  });

  it('normalises what a person types', () => {
    const ok = { ok: true, value: 'T7000012050002' };
    expect(parseInvoiceNumber('T7000012050002')).toEqual(ok);
    expect(parseInvoiceNumber('t7000012050002')).toEqual(ok);
    expect(parseInvoiceNumber(' T 7000-0120-50002 ')).toEqual(ok);
    expect(parseInvoiceNumber('Ｔ７０００ー０１２０ー５０００２')).toEqual(ok); // full width, ー as a dash
    expect(parseInvoiceNumber('ｔ７０００　０１２０　５０００２')).toEqual(ok); // ideographic spaces
    expect(parseInvoiceNumber('7000012050002')).toEqual(ok);
  });

  it('refuses with a reason', () => {
    expect(parseInvoiceNumber('T8000012050002')).toEqual({ ok: false, problem: 'CHECK_DIGIT' });
    expect(parseInvoiceNumber('T700001205000')).toEqual({ ok: false, problem: 'LENGTH' });
    expect(parseInvoiceNumber('T70000120500021')).toEqual({ ok: false, problem: 'LENGTH' });
    expect(parseInvoiceNumber('T70000120500O2')).toEqual({ ok: false, problem: 'NOT_DIGITS' });
    expect(parseInvoiceNumber('')).toEqual({ ok: false, problem: 'NOT_DIGITS' });
    expect(parseInvoiceNumber('TT7000012050002')).toEqual({ ok: false, problem: 'NOT_DIGITS' });
  });

  it('accepts exactly one check digit for every base', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/), (base) => {
        const valid = Array.from({ length: 10 }, (_, d) => parseInvoiceNumber(`T${d}${base}`).ok);
        expect(valid.filter(Boolean)).toHaveLength(1);
        expect(valid[corporateNumberCheckDigit(base)]).toBe(true);
      }),
    );
  });

  it('the API schema accepts only the normalised form', () => {
    expect(invoiceNumberSchema.safeParse('T7000012050002').success).toBe(true);
    expect(invoiceNumberSchema.safeParse('t7000012050002').success).toBe(false);
    expect(invoiceNumberSchema.safeParse('7000012050002').success).toBe(false);
    expect(invoiceNumberSchema.safeParse('T 7000012050002').success).toBe(false);
    expect(invoiceNumberSchema.safeParse('T8000012050002').success).toBe(false);
  });

  it("checks a store's registration number by its currency", () => {
    expect(taxRegistrationNumberProblem('T7000012050002', 'JPY')).toBeNull();
    expect(taxRegistrationNumberProblem('t7000012050002', 'JPY')).toBe('FORMAT'); // send the normalised form
    expect(taxRegistrationNumberProblem('T8000012050002', 'JPY')).toBe('CHECK_DIGIT');
    expect(taxRegistrationNumberProblem('DE123456789', 'EUR')).toBeNull();
    expect(taxRegistrationNumberProblem('GB 123 4567 89', 'GBP')).toBeNull();
    expect(taxRegistrationNumberProblem('<b>', 'USD')).toBe('FORMAT');
  });

  it('makes a yen store with a registration number compute tax once per rate', () => {
    expect(
      effectiveTaxCalculation({
        mainCurrency: 'JPY',
        taxRegistrationNumber: 'T7000012050002',
        taxCalculation: 'PER_LINE',
      }),
    ).toBe('PER_RATE');
    expect(effectiveTaxCalculation({ mainCurrency: 'JPY', taxRegistrationNumber: null })).toBe('PER_LINE');
    expect(
      effectiveTaxCalculation({
        mainCurrency: 'EUR',
        taxRegistrationNumber: 'DE123456789',
        taxCalculation: 'PER_RATE',
      }),
    ).toBe('PER_RATE');
  });
});
