import { describe, expect, it } from 'vitest';
import {
  asProductUnit,
  CURRENCY_CODES,
  CreateProductBodySchema,
  PRODUCT_CSV_COLUMNS,
  parseCsv,
  parseMoneyStrict,
  parseQuantityText,
  readRowItem,
  type CurrencyCode,
} from '@shopdesk/shared';
import { mapHeader, missingFields, toImportRows } from './import-rows.ts';
import { templateCsv } from './template.ts';

describe('CSV template', () => {
  it.each(CURRENCY_CODES as readonly CurrencyCode[])('imports cleanly in %s', (currency) => {
    const records = parseCsv(templateCsv(currency));
    expect(records[0]!.fields).toEqual([...PRODUCT_CSV_COLUMNS]);
    const map = mapHeader(records[0]!.fields);
    expect(missingFields(map)).toEqual([]);
    const rows = toImportRows(records, map);
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r.unit)).toEqual(['EACH', 'EACH', 'KG', 'EACH', 'EACH']);
    expect(rows[2]!.quantity).toBe('12.500');
    // The T-shirt: one item (shared handle) in two variants, each with one value per option.
    expect(rows.slice(3).map((r) => readRowItem(r))).toEqual([
      {
        handle: 'tshirt',
        options: [
          { name: 'Size', value: 'M' },
          { name: 'Colour', value: 'Red' },
        ],
      },
      {
        handle: 'tshirt',
        options: [
          { name: 'Size', value: 'L' },
          { name: 'Colour', value: 'Red' },
        ],
      },
    ]);
    expect(rows.slice(0, 3).map((r) => readRowItem(r))).toEqual(Array(3).fill({ handle: null, options: [] }));
    for (const row of rows) {
      const body = {
        ...row,
        price: parseMoneyStrict(String(row.price), currency),
        cost: parseMoneyStrict(String(row.cost), currency),
        // In the row's unit, as the import reads it: 12.500 kg is 12500 thousandths.
        quantity: parseQuantityText(String(row.quantity), asProductUnit(String(row.unit))),
      };
      expect(CreateProductBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
    }
  });

  it('prices the examples in the currency’s own decimals', () => {
    expect(templateCsv('USD')).toContain(',1.99,1.20,');
    expect(templateCsv('JPY')).toContain(',199,120,');
    expect(templateCsv('KWD')).toContain(',1.990,1.200,');
  });
});
