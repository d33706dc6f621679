import { describe, expect, it } from 'vitest';
import { barcodeRulePreset } from './barcode-rule-presets.ts';
import { encodeWithRule, scanWithRules, type BarcodeRule } from './barcode-rules.ts';
import { lineFromLabel } from './label-line.ts';

const odoo = barcodeRulePreset('ODOO');
const read = (code: string, rules: BarcodeRule[] = odoo) => {
  const scan = scanWithRules(code, rules);
  if (!scan?.ok) throw new Error('not read');
  return scan;
};

describe('lineFromLabel', () => {
  it('takes a weighed product’s quantity in thousandths from a weight label', () => {
    const code = encodeWithRule(odoo[0]!, '12345', 342);
    expect(lineFromLabel(read(code), { price: 1980, unit: 'KG' }, 0)).toEqual({
      ok: true,
      line: { quantity: 342, unit: 'KG' },
    });
    expect(lineFromLabel(read(code), { price: 1980, unit: 'EACH' }, 0)).toEqual({ ok: false, reason: 'NOT_MEASURED' });
  });

  it('derives a measured quantity from a price label and keeps the label’s price', () => {
    // 23 = price with 2 decimals: 6.77 at 19.80/kg is 0.342 kg (341.9…, half up).
    const code = encodeWithRule(odoo[1]!, '12345', 677);
    expect(lineFromLabel(read(code), { price: 1980, unit: 'KG' }, 2)).toEqual({
      ok: true,
      line: { quantity: 342, unit: 'KG', labelPrice: 677 },
    });
    expect(lineFromLabel(read(code), { price: 500 }, 2)).toEqual({
      ok: true,
      line: { quantity: 1, unit: 'EACH', unitPrice: 677 },
    });
    // A 2-decimal label in yen must be whole yen.
    expect(lineFromLabel(read(code), { price: 500 }, 0)).toEqual({ ok: false, reason: 'PRICE_DECIMALS' });
  });
});
