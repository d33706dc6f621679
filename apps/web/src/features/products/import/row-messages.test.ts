import { describe, expect, it } from 'vitest';
import {
  CURRENCY_CODES,
  CreateProductBodySchema,
  MoneyParseError,
  parseMoneyStrict,
  optionsMismatch,
  readRowItem,
  type CurrencyCode,
} from '@shopdesk/shared';
import jaMessages from '../../../locales/ja-JP.messages.json';
import en from '../../../locales/en-US.json';
import ja from '../../../locales/ja-JP.json';
import { rowMessageKey } from '../../../components/import/row-messages.ts';

/** Every sentence the import can refuse a cell with: the money parser's and the create schema's. */
function refusals(): string[] {
  const out = new Set<string>();
  const cells = ['-1', '1.2345', 'abc', '1e5', '', '99999999999999999999', '¥5', '1,2,3'];
  for (const currency of CURRENCY_CODES as readonly CurrencyCode[]) {
    for (const cell of cells) {
      try {
        parseMoneyStrict(cell, currency);
      } catch (error) {
        if (error instanceof MoneyParseError) out.add(error.message);
      }
    }
  }
  const bad: Array<Record<string, unknown>> = [
    { code: '', name: 'x', price: 1 },
    { code: 'a/b', name: 'x', price: 1 },
    { code: '4006381333932', name: 'x', price: 1 },
    { code: '12345670', name: 'x', price: 1 },
    { code: 'A', name: '', price: 1 },
    { code: 'A', name: 'n'.repeat(121), price: 1 },
    { code: 'A', name: 'x', brand: 'b'.repeat(81), category: 'c'.repeat(61), description: 'd'.repeat(2001), price: 1 },
    { code: 'A', name: 'line\none', brand: 'tab\tbed', description: 'bell\u0007', price: 1 },
    { code: 'A', name: '\uD800', price: 1 },
    { code: 'A', name: 'x', price: 10 ** 13, cost: -1 },
  ];
  for (const body of bad) {
    const parsed = CreateProductBodySchema.safeParse(body);
    if (!parsed.success) for (const issue of parsed.error.issues) out.add(issue.message);
  }
  for (const m of ['Price is required', 'Quantity must be a whole number']) out.add(m);
  out.add('Quantity must be between -1,000,000 and 1,000,000');
  out.add('Quantity must be a number of kg with at most 3 decimals, such as 1.250');
  out.add('Quantity must be between -1,000 and 1,000 L');
  return [...out];
}

describe('import row messages', () => {
  const messages = refusals();

  it('finds many distinct refusals to check', () => {
    expect(messages.length).toBeGreaterThan(15);
  });

  it.each(messages)('"%s" is a known sentence with English and Japanese texts', (message) => {
    const known = rowMessageKey(message);
    expect(known, message).not.toBeNull();
    const key = known!.key as keyof typeof en.import.messages;
    expect(en.import.messages[key]).toBe('{{message}}');
    expect((ja.import.messages as Record<string, string>)[key]).toMatch(/[ぁ-んァ-ン一-龥]/);
  });
});

/** Every sentence a variant row (handle and option columns) can be refused with. */
function variantRefusals(): string[] {
  const out = new Set<string>();
  const cells: Array<Record<string, string>> = [
    { handle: 'x', option1Name: 'Size', option1Value: 'M'.repeat(21) },
    { handle: 'x', option1Name: 'S'.repeat(21), option1Value: 'M' },
    { handle: 'x', option1Name: 'Size' },
    { handle: 'x', option1Value: 'M' },
    { handle: 'x', option2Name: 'Size', option2Value: 'M' },
    { handle: 'x', option1Name: 'A', option1Value: '1', option2Name: 'a', option2Value: '2' },
    {
      handle: 'x',
      option1Name: 'A',
      option1Value: '1',
      option2Name: 'B',
      option2Value: '2',
      option3Name: 'C',
      option3Value: '3',
      option4Name: 'D',
      option4Value: '4',
    },
    { handle: 'a/b', option1Name: 'Size', option1Value: 'M' },
    { option1Name: 'Size', option1Value: 'M' },
    { handle: 'x' },
  ];
  for (const row of cells) {
    const result = readRowItem(row);
    if (Array.isArray(result)) for (const e of result) out.add(e.message);
  }
  out.add(optionsMismatch(['Size', 'Colour'], ['Size'])!);
  // What the server says once it sees the item (modules/products/import-variants.ts, product-import.service.ts).
  for (const m of [
    'Line 12 has the same options for this item',
    'The item already has these options on barcode 4006381333931',
    'This barcode is already on line 3 of another item',
    'This barcode is a variant of another item',
    'An item has at most 500 variants',
    'An option has at most 100 values',
    'The name with its options is longer than 120 characters: shorten the name or the values',
  ])
    out.add(m);
  return [...out];
}

describe('variant row messages', () => {
  const messages = variantRefusals();

  it.each(messages)('"%s" has a Japanese text', (message) => {
    const known = rowMessageKey(message);
    if (known) {
      expect(en.import.messages[known.key as keyof typeof en.import.messages]).toBe('{{message}}');
      expect((ja.import.messages as Record<string, string>)[known.key]).toMatch(/[ぁ-んァ-ン一-龥]/);
    } else expect((jaMessages as Record<string, string>)[message], message).toMatch(/[ぁ-んァ-ン一-龥]/);
  });
});
