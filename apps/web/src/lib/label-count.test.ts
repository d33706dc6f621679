import { describe, expect, it } from 'vitest';
import { barcodeRulePreset, encodeWithRule, scanWithRules, type BarcodeRule } from '@shopdesk/shared';
import { tallyFromLabel } from './label-count.ts';

const odoo = barcodeRulePreset('ODOO');
const countRule: BarcodeRule = {
  prefix: '25',
  itemDigits: 5,
  valueDigits: 5,
  value: 'COUNT',
  decimals: 0,
  valueCheckDigit: false,
  position: 0,
};
const read = (code: string, rules: BarcodeRule[] = odoo) => {
  const scan = scanWithRules(code, rules);
  if (!scan?.ok) throw new Error('not read');
  return scan;
};

describe('tallyFromLabel', () => {
  it('counts a weight label as thousandths of a product sold by kg, L or m, never of a piece', () => {
    const label = read(encodeWithRule(odoo[0]!, '12345', 342));
    expect(tallyFromLabel(label, 'KG')).toEqual({ ok: true, amount: 342 });
    expect(tallyFromLabel(label, 'L')).toEqual({ ok: true, amount: 342 });
    expect(tallyFromLabel(label, 'EACH')).toEqual({ ok: false, reason: 'NOT_MEASURED' });
    expect(tallyFromLabel(read(encodeWithRule(odoo[0]!, '12345', 0)), 'KG')).toEqual({ ok: false, reason: 'ZERO' });
  });

  it('counts a count label’s pieces, not for a weighed product', () => {
    const label = read(encodeWithRule(countRule, '12345', 6), [countRule]);
    expect(tallyFromLabel(label, 'EACH')).toEqual({ ok: true, amount: 6 });
    expect(tallyFromLabel(label, 'KG')).toEqual({ ok: false, reason: 'MEASURED_COUNT' });
  });

  it('counts a piece’s price label as one, and refuses a weighed product’s', () => {
    const label = read(encodeWithRule(odoo[1]!, '12345', 677));
    expect(tallyFromLabel(label, 'EACH')).toEqual({ ok: true, amount: 1 });
    expect(tallyFromLabel(label, 'KG')).toEqual({ ok: false, reason: 'MEASURED_PRICE' });
  });
});
