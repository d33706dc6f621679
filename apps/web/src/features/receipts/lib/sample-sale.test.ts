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

  it('previews a qualified invoice for a yen store with a registration number: ※ food at 8%, both rates', () => {
    const yen: VirtualStore = {
      ...store,
      mainCurrency: 'JPY',
      secondCurrency: null,
      taxMode: 'INCLUSIVE',
      taxRegistrationNumber: 'T7000012050002',
    };
    const sale = ShopTransactionSchema.parse(sampleSale(yen, { first: 'おにぎり', second: '雑誌' }, null));
    expect(sale.taxes.map((b) => b.rate)).toEqual([800, 1000]);
    expect(sale.tax).toBe(sale.taxes.reduce((s, b) => s + b.tax, 0));
    const doc = buildReceiptDocument(toPublicReceipt(sale, yen, DEFAULT_RECEIPT_TEMPLATE, null), {
      labels: RECEIPT_LABELS.ja,
      locale: 'ja-JP',
      url: 'https://x.example/receipt/0000SAMPLE00',
    });
    const texts = doc.blocks.flatMap((b) => (b.kind === 'text' ? [b.text] : b.kind === 'pair' ? [b.left] : []));
    for (const text of ['登録番号 T7000012050002', 'おにぎり ※', '10%対象', '8%対象', '※は軽減税率対象商品']) {
      expect(texts).toContain(text);
    }
  });
});
