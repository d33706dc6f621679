import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gs1CheckDigit, hasValidGs1CheckDigit } from './barcode.ts';
import { BARCODE_RULE_PRESETS, barcodeRulePreset, randomUnclaimedInStoreEan13 } from './barcode-rule-presets.ts';
import { BarcodeRuleBodySchema } from './barcode-rule-schemas.ts';
import {
  barcodeRuleLayout,
  encodeWithRule,
  labelMeasure,
  priceCheckDigit,
  scannedPrice,
  scannedWeight,
  scanWithRules,
  type BarcodeRule,
} from './barcode-rules.ts';

const read = (code: string, rules: BarcodeRule[]) => {
  const scan = scanWithRules(code, rules);
  return scan?.ok ? { prefix: scan.rule.prefix, item: scan.itemCode, value: scan.value } : scan;
};

describe('GS1 price check digits', () => {
  it("match the GS1 General Specifications' worked examples", () => {
    expect(priceCheckDigit('2875')).toBe(9); // 4 digits: (4 + 5 + 1 + 3) × 3 = 39
    expect(priceCheckDigit('14685')).toBe(6); // 5 digits: 5 + 8 + 7 + 4 + 9 = 33, 10 − 3 = 7 = 5-(6)
    expect(priceCheckDigit('0298')).toBe(1);
    expect(() => priceCheckDigit('123')).toThrow(RangeError);
  });
});

describe('barcode rule presets read their labels', () => {
  // Every sample's EAN-13 check digit was worked out by hand, independently of gs1CheckDigit.
  it('Japan: ¥198 for item 12345, with and without a price check digit', () => {
    expect(read('2012345001985', barcodeRulePreset('JP'))).toEqual({ prefix: '20', item: '12345', value: 198 });
    expect(read('0212345001981', barcodeRulePreset('JP'))).toEqual({ prefix: '02', item: '12345', value: 198 });
    expect(read('2012345102989', barcodeRulePreset('JP_PRICE_CHECK'))).toEqual({
      prefix: '20',
      item: '12345',
      value: 298,
    });
  });

  it("a register maker's published NON-PLU label (flag 21, 6-digit item, 4-digit price) with a custom rule", () => {
    const rule: BarcodeRule = {
      prefix: '21',
      itemDigits: 6,
      valueDigits: 4,
      value: 'PRICE',
      decimals: 0,
      valueCheckDigit: false,
      position: 0,
    };
    expect(read('2112002515005', [rule])).toEqual({ prefix: '21', item: '120025', value: 1500 });
  });

  it('Sweden: 12.34 kg of item 123456', () => {
    const scan = scanWithRules('2412345612349', barcodeRulePreset('SE'));
    expect(scan?.ok && [scan.itemCode, scannedWeight(scan.rule, scan.value)]).toEqual(['123456', 12_340]);
  });

  it('Germany: €146.85 with its 5-digit price check digit', () => {
    const scan = scanWithRules('2812346146858', barcodeRulePreset('DE'));
    expect(scan?.ok && [scan.itemCode, scannedPrice(scan.rule, scan.value, 2)]).toEqual(['1234', 14_685]);
  });

  it('UK: £28.75 with its price verifier digit', () => {
    expect(read('0212345928752', barcodeRulePreset('UK'))).toEqual({ prefix: '02', item: '12345', value: 2875 });
  });

  it("Odoo: 0.456 kg, and the product's base barcode with the value zeroed", () => {
    const scan = scanWithRules('2100123004560', barcodeRulePreset('ODOO'));
    expect(scan).toMatchObject({ ok: true, itemCode: '00123', baseCode: '2100123000005', value: 456 });
    expect(scan?.ok && scannedWeight(scan.rule, scan.value)).toBe(456);
  });

  it('every preset is valid for the editor', () => {
    for (const preset of BARCODE_RULE_PRESETS) {
      for (const rule of barcodeRulePreset(preset)) expect(BarcodeRuleBodySchema.safeParse(rule).error).toBeUndefined();
    }
  });
});

describe('scanWithRules', () => {
  const jp = barcodeRulePreset('JP');
  it('leaves ordinary GTINs and other codes alone', () => {
    expect(scanWithRules('4006381333931', jp)).toBeNull();
    expect(scanWithRules('036000291452', jp)).toBeNull(); // UPC-A → 0036000291452
    expect(scanWithRules('SKU-20-001', jp)).toBeNull();
    expect(scanWithRules('20123450019', jp)).toBeNull(); // 11 digits
  });

  it('refuses a bad check digit and a bad price check digit instead of reading another price', () => {
    expect(scanWithRules('2012345001986', jp)).toMatchObject({ ok: false, reason: 'CHECK_DIGIT' });
    const body = '021234592876'; // £28.76 under the verifier of £28.75
    expect(scanWithRules(body + String(gs1CheckDigit(body)), barcodeRulePreset('UK'))).toMatchObject({
      ok: false,
      reason: 'VALUE_CHECK_DIGIT',
    });
  });

  it('reads a UPC-A scan of an 02 label (the leading zero dropped by the scanner)', () => {
    expect(read('212345928752', barcodeRulePreset('UK'))).toEqual({ prefix: '02', item: '12345', value: 2875 });
  });

  it('uses the first matching rule by position', () => {
    const weight: BarcodeRule = {
      prefix: '201',
      itemDigits: 4,
      valueDigits: 5,
      value: 'WEIGHT',
      decimals: 3,
      valueCheckDigit: false,
      position: 0,
    };
    const price = { ...jp[1]!, position: 1 };
    expect(scanWithRules('2012345001985', [price, weight])).toMatchObject({ ok: true, rule: weight, itemCode: '2345' });
  });

  it('gives back the item and value it was encoded with, under any valid rule', () => {
    const ruleArb = fc
      .record({
        prefix: fc.oneof(fc.stringMatching(/^2\d{0,2}$/), fc.stringMatching(/^0[24]\d?$/)),
        valueCheckDigit: fc.boolean(),
        value: fc.constantFrom('PRICE' as const, 'WEIGHT' as const, 'COUNT' as const),
      })
      .chain(({ prefix, valueCheckDigit, value }) => {
        const room = 12 - prefix.length - (valueCheckDigit ? 1 : 0);
        const valueDigits = valueCheckDigit ? fc.constantFrom(4, 5) : fc.integer({ min: 1, max: room - 1 });
        return valueDigits.map((digits) => ({
          prefix,
          valueCheckDigit,
          value,
          valueDigits: digits,
          itemDigits: room - digits,
          decimals: value === 'COUNT' ? 0 : Math.min(3, digits),
          position: 0,
        }));
      });
    fc.assert(
      fc.property(ruleArb, fc.nat(), fc.nat(), (rule, itemSeed, valueSeed) => {
        expect(BarcodeRuleBodySchema.safeParse(rule).success).toBe(true);
        const item = String(itemSeed % 10 ** rule.itemDigits).padStart(rule.itemDigits, '0');
        const value = valueSeed % 10 ** rule.valueDigits;
        const code = encodeWithRule(rule, item, value);
        expect(code).toHaveLength(13);
        expect(hasValidGs1CheckDigit(code)).toBe(true);
        expect(scanWithRules(code, [rule])).toMatchObject({ ok: true, itemCode: item, value });
        const layout = barcodeRuleLayout(rule);
        expect(layout.value[1]).toBe(12);
      }),
    );
  });
});

describe('the rule editor schema', () => {
  const ok: BarcodeRule = {
    prefix: '23',
    itemDigits: 5,
    valueDigits: 5,
    value: 'PRICE',
    decimals: 2,
    valueCheckDigit: false,
    position: 0,
  };
  const issues = (rule: object) => BarcodeRuleBodySchema.safeParse(rule).error?.issues.map((i) => i.path.join('.'));
  it('accepts a layout that fills the code and refuses one that does not', () => {
    expect(issues(ok)).toBeUndefined();
    expect(issues({ ...ok, prefix: '45' })).toEqual(['prefix']); // a Japanese GTIN range
    expect(issues({ ...ok, itemDigits: 4 })).toEqual(['valueDigits']);
    expect(issues({ ...ok, itemDigits: 6 })).toEqual(['valueDigits']);
    expect(issues({ ...ok, valueCheckDigit: true, itemDigits: 6, valueDigits: 3 })).toEqual(['valueCheckDigit']);
    expect(issues({ ...ok, value: 'COUNT' })).toEqual(['decimals']);
  });
});

describe('randomUnclaimedInStoreEan13', () => {
  it('never draws a code a rule claims', () => {
    fc.assert(
      fc.property(
        fc.subarray([...BARCODE_RULE_PRESETS]),
        fc.array(fc.double({ min: 0, max: 0.999_999, noNaN: true }), { minLength: 40, maxLength: 40 }),
        (presets, draws) => {
          const rules = presets.flatMap((p) => barcodeRulePreset(p));
          let i = 0;
          const code = randomUnclaimedInStoreEan13(rules, () => draws[i++ % draws.length] ?? 0);
          expect(hasValidGs1CheckDigit(code)).toBe(true);
          expect(scanWithRules(code, rules)).toBeNull();
        },
      ),
    );
  });

  it('moves to 040–049 when the rules claim 20–29, and draws again inside a partly claimed prefix', () => {
    expect(randomUnclaimedInStoreEan13(barcodeRulePreset('JP'))).toMatch(/^04\d{11}$/);
    const rule: BarcodeRule = {
      prefix: '201',
      itemDigits: 4,
      valueDigits: 5,
      value: 'PRICE',
      decimals: 0,
      valueCheckDigit: false,
      position: 0,
    };
    // 20, then 1: claimed by 201, drawn again; 20, then 5.
    const digits = [0, 0.1, ...Array<number>(9).fill(0.3), 0, 0.5];
    let i = 0;
    expect(randomUnclaimedInStoreEan13([rule], () => digits[i++] ?? 0.3)).toMatch(/^205/);
  });

  it('says so when every in-store prefix is claimed', () => {
    const all: BarcodeRule[] = ['2', '04'].map((prefix, position) => ({
      prefix,
      itemDigits: 12 - prefix.length - 5,
      valueDigits: 5,
      value: 'PRICE',
      decimals: 0,
      valueCheckDigit: false,
      position,
    }));
    expect(() => randomUnclaimedInStoreEan13(all)).toThrow();
  });
});

describe('labelMeasure', () => {
  it('takes a weight label’s thousandths for a measured unit and a count label’s pieces for EACH', () => {
    expect(labelMeasure({ value: 'WEIGHT', decimals: 3 }, 342, 'KG')).toEqual({ ok: true, quantity: 342 });
    expect(labelMeasure({ value: 'WEIGHT', decimals: 2 }, 34, 'M')).toEqual({ ok: true, quantity: 340 });
    expect(labelMeasure({ value: 'WEIGHT', decimals: 3 }, 342, 'EACH')).toEqual({ ok: false, reason: 'NOT_MEASURED' });
    expect(labelMeasure({ value: 'COUNT', decimals: 0 }, 6, 'EACH')).toEqual({ ok: true, quantity: 6 });
    expect(labelMeasure({ value: 'COUNT', decimals: 0 }, 6, 'L')).toEqual({ ok: false, reason: 'MEASURED_COUNT' });
    expect(labelMeasure({ value: 'COUNT', decimals: 0 }, 0, 'EACH')).toEqual({ ok: false, reason: 'ZERO' });
  });
});
