import { describe, expect, it } from 'vitest';
import {
  buildReceiptDocument,
  DEFAULT_RECEIPT_TEMPLATE,
  formatMoney,
  RECEIPT_LABELS,
  ShopTransactionSchema,
  toPublicReceipt,
  type ExchangeRate,
  type VirtualStore,
} from '@shopdesk/shared';
import { sampleSale } from './sample-sale.ts';

const store: VirtualStore = {
  id: 's',
  urlName: 'corner',
  name: 'Corner',
  mainCurrency: 'USD',
  secondCurrency: 'JPY',
  timezone: 'Asia/Tokyo',
  address: '',
  phone: '',
  createdAt: '2026-01-01T00:00:00Z',
  taxMode: 'EXCLUSIVE',
  defaultTaxRate: 1000,
  cashRounding: 0,
};
const rate: ExchangeRate = { base: 'USD', quote: 'JPY', rate: '150', date: '2026-11-20', source: 'ECB' };
const names = { first: 'Coffee', second: 'Croissant' };

describe('sampleSale', () => {
  it.each(['NONE', 'INCLUSIVE', 'EXCLUSIVE'] as const)(
    'adds up with %s tax, paid in cash with its change',
    (taxMode) => {
      const sale = ShopTransactionSchema.parse(sampleSale({ ...store, taxMode, secondCurrency: null }, names, null));
      expect(sale.total).toBe(sale.lines.reduce((s, l) => s + l.total, 0));
      expect(sale.tax).toBe(sale.taxes.reduce((s, b) => s + b.tax, 0));
      expect(sale.taxes).toHaveLength(taxMode === 'NONE' ? 0 : 1);
      const [cash] = sale.payments;
      expect(cash).toMatchObject({ method: 'CASH', currency: 'USD' });
      expect(cash!.amount - cash!.change).toBe(sale.due);
      const doc = buildReceiptDocument(toPublicReceipt(sale, store, DEFAULT_RECEIPT_TEMPLATE, null), {
        labels: RECEIPT_LABELS.en,
        locale: 'en-US',
        url: 'https://x.example/receipt/0000SAMPLE00',
      });
      expect(doc.blocks).toContainEqual({
        kind: 'pair',
        left: 'Total',
        right: formatMoney(sale.due, 'USD'),
        bold: true,
        size: 'large',
      });
    },
  );

  it('is paid in the second currency at the store rate, so the preview shows the converted total', () => {
    const sale = sampleSale(store, names, rate);
    expect(sale.rate).toEqual(rate);
    expect(sale.payments[0]).toMatchObject({ currency: 'JPY', amount: sale.due * 1.5 });
    const doc = buildReceiptDocument(toPublicReceipt(sale, store, DEFAULT_RECEIPT_TEMPLATE, null), {
      labels: RECEIPT_LABELS.en,
      locale: 'en-US',
      url: 'https://x.example/receipt/0000SAMPLE00',
    });
    expect(doc.blocks).toContainEqual({ kind: 'pair', left: '1 USD = 150 JPY', right: '2026-11-20' });
  });
});
