import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  gs1CheckDigit,
  hasValidGs1CheckDigit,
  isInStoreEan13,
  productCodeProblem,
  randomInStoreEan13,
  symbologyFor,
} from './barcode.ts';
import { gs1Country } from './gs1-prefixes.ts';
import { productCodeSchema } from './product-code-schema.ts';

describe('GS1 check digits', () => {
  it('matches published barcodes', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
    expect(gs1CheckDigit('9638507')).toBe(4); // EAN-8 96385074
    expect(gs1CheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gs1CheckDigit('1001234567890')).toBe(2); // GTIN-14 10012345678902
  });

  it('accepts valid GTINs and refuses a single changed digit', () => {
    fc.assert(
      fc.property(fc.constantFrom(7, 11, 12, 13), fc.nat(), (len, seed) => {
        const body = String(seed).padStart(len, '1').slice(0, len);
        const code = body + String(gs1CheckDigit(body));
        expect(hasValidGs1CheckDigit(code)).toBe(true);
        const last = Number(code.at(-1));
        const wrong = code.slice(0, -1) + String((last + 1) % 10);
        expect(productCodeProblem(wrong)).toBe('CHECK_DIGIT');
      }),
    );
  });
});

describe('product codes', () => {
  it('allows free codes that are not GS1-shaped', () => {
    expect(productCodeProblem('SKU-001')).toBeNull();
    expect(productCodeProblem('12345')).toBeNull(); // 5 digits: not a GTIN length
    expect(productCodeProblem('a.b_c-D')).toBeNull();
  });

  it('refuses slashes, spaces, empty and over-long codes', () => {
    for (const bad of ['a/b', 'has space', '', 'x'.repeat(49), 'ü']) {
      expect(productCodeProblem(bad)).toBe('FORMAT');
    }
    expect(productCodeSchema.safeParse('4006381333932').success).toBe(false);
    expect(productCodeSchema.safeParse(' 4006381333931 ').data).toBe('4006381333931');
  });
});

describe('random in-store barcodes', () => {
  it('are valid EAN-13 with prefix 20–29', () => {
    fc.assert(
      fc.property(fc.infiniteStream(fc.double({ min: 0, max: 0.9999999, noNaN: true })), (s) => {
        const code = randomInStoreEan13(() => s.next().value);
        expect(code).toMatch(/^2\d{12}$/);
        expect(isInStoreEan13(code)).toBe(true);
        expect(productCodeProblem(code)).toBeNull();
      }),
    );
  });
});

describe('symbology and origin', () => {
  it('picks the GTIN symbology or Code 128', () => {
    expect(symbologyFor('4006381333931')).toBe('ean13');
    expect(symbologyFor('96385074')).toBe('ean8');
    expect(symbologyFor('036000291452')).toBe('upca');
    expect(symbologyFor('SKU-001')).toBe('code128');
    expect(symbologyFor('4006381333932')).toBe('code128');
  });

  it('names the GS1 member organisation of a prefix', () => {
    expect(gs1Country('4006381333931')).toBe('Germany');
    expect(gs1Country('4901234567894')).toBe('Japan');
    expect(gs1Country('036000291452')).toBe('United States and Canada');
    expect(gs1Country('2000000000008')).toBe('In-store number');
    expect(gs1Country('SKU')).toBeNull();
  });
});
