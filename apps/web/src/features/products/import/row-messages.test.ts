import { describe, expect, it } from 'vitest';
import {
  CURRENCY_CODES,
  CreateProductBodySchema,
  MoneyParseError,
  parseMoneyStrict,
  type CurrencyCode,
} from '@shopdesk/shared';
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
