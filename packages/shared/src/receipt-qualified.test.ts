import { describe, expect, it } from 'vitest';
import { DEFAULT_RECEIPT_TEMPLATE, PublicReceiptSchema } from './receipt.ts';
import { buildReceiptDocument } from './receipt-builder.ts';
import { RECEIPT_LABELS } from './receipt-labels.ts';
import { toPublicReceipt, type ReceiptStoreDetails } from './receipt-public.ts';
import { buildReturnReceiptDocument, returnReceiptPath } from './receipt-return-builder.ts';
import type { ReceiptBlock } from './receipt-document.ts';
import type { ShopTransaction } from './shop.ts';

const store: ReceiptStoreDetails = {
  name: '角の店',
  address: '東京都千代田区1-1',
  phone: '03-0000-0000',
  timezone: 'Asia/Tokyo',
};
const url = 'https://shop.example/receipt/0123456789AB';
const ja = { labels: RECEIPT_LABELS.ja, locale: 'ja-JP', url };
const en = { labels: RECEIPT_LABELS.en, locale: 'en-US', url };

const line = (id: string, name: string, unitPrice: number, quantity: number, taxRate: number, tax: number) => ({
  id,
  productId: null,
  code: null,
  name,
  unitPrice,
  quantity,
  refundedQuantity: 0,
  lineDiscount: 0,
  cartDiscount: 0,
  net: unitPrice * quantity - tax,
  tax,
  taxRate,
  total: unitPrice * quantity,
  unit: 'EACH' as const,
  labelPrice: null,
  priceOverride: false,
  cataloguePrice: null,
  label: null,
});

/** A yen sale with tax in the prices, taxed once per rate: 2 rice balls at 8%, a magazine at 10%. */
function jpSale(overrides: Partial<ShopTransaction> = {}): ShopTransaction {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    code: '0123456789AB',
    clientId: '22222222-2222-4222-8222-222222222222',
    status: 'COMPLETED',
    soldAt: '2026-11-24T06:05:00.000Z',
    createdAt: '2026-11-24T06:05:00.000Z',
    updatedAt: '2026-11-24T06:05:00.000Z',
    completedAt: '2026-11-24T06:05:00.000Z',
    currency: 'JPY',
    secondCurrency: null,
    rate: null,
    taxMode: 'INCLUSIVE',
    taxCalculation: 'PER_RATE',
    taxRounding: 'HALF_UP',
    taxRegistrationNumber: 'T7000012050002',
    lines: [line('l1', 'おにぎり', 150, 2, 800, 22), line('l2', '雑誌', 550, 1, 1000, 50)],
    discount: null,
    gross: 850,
    lineDiscounts: 0,
    cartDiscount: 0,
    // The stored figures per rate (what the sale priced), which the receipt must show as they are.
    taxes: [
      { rate: 800, base: 278, tax: 22 },
      { rate: 1000, base: 500, tax: 50 },
    ],
    tax: 72,
    total: 850,
    rounding: 0,
    due: 850,
    payments: [
      {
        method: 'CASH',
        currency: 'JPY',
        amount: 1000,
        applied: 850,
        change: 150,
        changeInMain: 150,
        changeCurrency: 'JPY',
      },
    ],
    changeInMain: 150,
    refunds: [],
    refundedAmount: 0,
    note: '',
    ...overrides,
  };
}

const texts = (blocks: ReceiptBlock[]) =>
  blocks.flatMap((b) => (b.kind === 'text' ? [b.text] : b.kind === 'pair' ? [`${b.left} | ${b.right}`] : [b.kind]));

describe('a qualified simplified invoice (適格簡易請求書)', () => {
  it('shows the issuer and number, the date, ※ on reduced-rate lines with the note, and each rate’s total and tax', () => {
    const receipt = PublicReceiptSchema.parse(toPublicReceipt(jpSale(), store, DEFAULT_RECEIPT_TEMPLATE, null));
    expect(texts(buildReceiptDocument(receipt, ja).blocks)).toEqual([
      '角の店',
      '東京都千代田区1-1',
      'TEL 03-0000-0000',
      '登録番号 T7000012050002',
      'rule',
      '適格簡易請求書',
      '2026/11/24 15:05',
      'レシート番号 | 0123456789AB',
      'rule',
      'おにぎり ※',
      '  2 × ￥150 | ￥300',
      '雑誌',
      '  1 × ￥550 | ￥550',
      'rule',
      '合計 | ￥850',
      '10%対象 | ￥550',
      '  内消費税 10% | ￥50',
      '8%対象 | ￥300',
      '  内消費税 8% | ￥22',
      '※は軽減税率対象商品',
      'rule',
      '現金 | ￥1,000',
      'お釣り | ￥150',
      'feed',
      'qr',
      'このレシートを開く',
      'feed',
    ]);
  });

  it('names each tender by the store’s method as it was paid: its default name translated, or the owner’s own', () => {
    const tender = { currency: 'JPY' as const, change: 0, changeInMain: 0, changeCurrency: 'JPY' as const };
    const sale = jpSale({
      payments: [
        {
          ...tender,
          method: 'OTHER',
          amount: 500,
          applied: 500,
          methodId: 'PAYPAY',
          methodName: null,
          methodDefaultName: 'PAYPAY',
          methodKind: 'QR_CODE',
          reference: '0042',
        },
        {
          ...tender,
          method: 'CARD',
          amount: 300,
          applied: 300,
          methodId: 'm1',
          methodName: 'JCBカード',
          methodDefaultName: null,
          methodKind: 'CARD',
          reference: null,
        },
        {
          ...tender,
          method: 'CASH',
          amount: 50,
          applied: 50,
          methodId: 'CASH',
          methodName: null,
          methodDefaultName: 'CASH',
          methodKind: 'CASH',
          reference: null,
        },
      ],
      changeInMain: 0,
    });
    const receipt = PublicReceiptSchema.parse(toPublicReceipt(sale, store, DEFAULT_RECEIPT_TEMPLATE, null));
    const tenders = (labels: typeof ja) => {
      const lines = texts(buildReceiptDocument(receipt, labels).blocks);
      return lines.slice(lines.lastIndexOf('rule') + 1, lines.indexOf('feed'));
    };
    expect(tenders(ja)).toEqual(['PayPay | ￥500', 'JCBカード | ￥300', '現金 | ￥50']);
    expect(tenders(en)).toEqual(['PayPay | ￥500', 'JCBカード | ￥300', 'Cash | ￥50']);
    // The reference stays off the public receipt: it is the shop's, on the sale's detail.
    expect(JSON.stringify(receipt)).not.toContain('0042');
  });

  it('says the same in English, and shows tax added to the prices as the rate’s amount and its tax', () => {
    const sale = jpSale({ taxMode: 'EXCLUSIVE', total: 922, due: 922, gross: 850 });
    const receipt = toPublicReceipt(sale, store, DEFAULT_RECEIPT_TEMPLATE, null);
    const lines = texts(buildReceiptDocument(receipt, en).blocks);
    expect(lines).toContain('Registration no. T7000012050002');
    expect(lines).toContain('Qualified simplified invoice');
    expect(lines).toContain('※ Reduced tax rate item');
    const at = lines.indexOf('Taxable at 10% | ￥500');
    expect(lines.slice(at, at + 5)).toEqual([
      'Taxable at 10% | ￥500',
      '  Tax 10% | ￥50',
      'Taxable at 8% | ￥278',
      '  Tax 8% | ￥22',
      'Total | ￥922',
    ]);
  });

  it('names the issuer even when the template hides the store name', () => {
    const template = { ...DEFAULT_RECEIPT_TEMPLATE, showStoreName: false };
    expect(toPublicReceipt(jpSale(), store, template, null).store.name).toBe('角の店');
    const plain = toPublicReceipt(jpSale({ taxRegistrationNumber: null }), store, template, null);
    expect(plain.store.name).toBeNull();
  });

  it('is a plain receipt without the number: no ※, no invoice heading', () => {
    const receipt = toPublicReceipt(jpSale({ taxRegistrationNumber: null }), store, DEFAULT_RECEIPT_TEMPLATE, null);
    const lines = texts(buildReceiptDocument(receipt, ja).blocks);
    expect(lines.some((l) => l.includes('※') || l.includes('登録番号') || l.includes('適格'))).toBe(false);
  });

  it('shows a non-yen store’s number but is no Japanese invoice', () => {
    const sale = jpSale({ currency: 'EUR', taxRegistrationNumber: 'DE123456789', payments: [] });
    const lines = texts(buildReceiptDocument(toPublicReceipt(sale, store, DEFAULT_RECEIPT_TEMPLATE, null), en).blocks);
    expect(lines).toContain('Registration no. DE123456789');
    expect(lines.some((l) => l.includes('※') || l.includes('Qualified'))).toBe(false);
  });
});

describe('the return receipt (適格返還請求書)', () => {
  const refunded = jpSale({
    status: 'PARTIALLY_REFUNDED',
    refundedAmount: 150,
    refunds: [
      {
        id: '55555555-5555-4555-8555-555555555555',
        createdAt: '2026-11-26T01:30:00.000Z',
        restock: true,
        amount: 700,
        tax: 61,
        note: '',
        lines: [
          { lineId: 'l1', quantity: 1, amount: 150, tax: 11, restocked: 1 },
          { lineId: 'l2', quantity: 1, amount: 550, tax: 50, restocked: 1 },
        ],
        tenders: [
          {
            method: 'CASH',
            currency: 'JPY',
            amount: 700,
            applied: 700,
            change: 0,
            changeInMain: 0,
            changeCurrency: 'JPY',
          },
        ],
      },
    ],
  });

  it('shows the refund’s date, the sale’s date and the refunded amount and tax per rate, from the stored lines', () => {
    const receipt = PublicReceiptSchema.parse(toPublicReceipt(refunded, store, DEFAULT_RECEIPT_TEMPLATE, null));
    expect(receipt.refunds[0]!.taxes).toEqual([
      { rate: 800, total: 150, tax: 11 },
      { rate: 1000, total: 550, tax: 50 },
    ]);
    const doc = buildReturnReceiptDocument(receipt, 0, {
      ...ja,
      url: `https://shop.example${returnReceiptPath('0123456789AB', 1)}`,
    });
    expect(texts(doc.blocks)).toEqual([
      '角の店',
      '東京都千代田区1-1',
      'TEL 03-0000-0000',
      '登録番号 T7000012050002',
      'rule',
      '適格返還請求書',
      '2026/11/26 10:30',
      'レシート番号 | 0123456789AB',
      '元取引日 | 2026/11/24 15:05',
      'rule',
      '1 × おにぎり ※ | ￥150',
      '1 × 雑誌 | ￥550',
      'rule',
      '返金額 | ￥700',
      '10%対象 | ￥550',
      '  内消費税 10% | ￥50',
      '8%対象 | ￥150',
      '  内消費税 8% | ￥11',
      '※は軽減税率対象商品',
      'rule',
      '現金 | ￥700',
      'feed',
      'qr',
      'このレシートを開く',
      'feed',
    ]);
    expect(doc.blocks.find((b) => b.kind === 'qr')).toEqual({
      kind: 'qr',
      data: 'https://shop.example/receipt/0123456789AB/return/1',
    });
  });

  it('is a plain return receipt for a store without the number, and refuses a refund the sale does not have', () => {
    const receipt = toPublicReceipt(
      { ...refunded, taxRegistrationNumber: null },
      store,
      DEFAULT_RECEIPT_TEMPLATE,
      null,
    );
    const lines = texts(buildReturnReceiptDocument(receipt, 0, en).blocks);
    expect(lines).toContain('Return receipt');
    expect(lines).toContain('Sale date | Nov 24, 2026, 3:05 PM');
    expect(lines).toContain('Taxable at 8% | ￥150');
    expect(lines.some((l) => l.includes('※'))).toBe(false);
    expect(() => buildReturnReceiptDocument(receipt, 1, en)).toThrow(RangeError);
  });
});

describe('weighed goods on a receipt', () => {
  const beef = { ...line('w1', '牛肉', 1980, 342, 800, 50), total: 677, net: 627, unit: 'KG' as const };
  const pork = {
    ...line('w2', '豚肉', 1980, 253, 800, 37),
    total: 500,
    net: 463,
    unit: 'KG' as const,
    labelPrice: 500,
  };
  const weighed = jpSale({
    status: 'PARTIALLY_REFUNDED',
    lines: [{ ...beef, refundedQuantity: 100 }, pork],
    gross: 1177,
    taxes: [{ rate: 800, base: 1090, tax: 87 }],
    tax: 87,
    total: 1177,
    due: 1177,
    payments: [],
    refundedAmount: 198,
    refunds: [
      {
        id: '66666666-6666-4666-8666-666666666666',
        createdAt: '2026-11-26T01:30:00.000Z',
        restock: true,
        amount: 198,
        tax: 15,
        note: '',
        lines: [{ lineId: 'w1', quantity: 100, amount: 198, tax: 15, restocked: 100 }],
        tenders: [],
      },
    ],
  });

  it('prints the weight and the price per kg, the line at its weighed or label price, and what was given back in kg', () => {
    const receipt = PublicReceiptSchema.parse(toPublicReceipt(weighed, store, DEFAULT_RECEIPT_TEMPLATE, null));
    const sale = texts(buildReceiptDocument(receipt, ja).blocks);
    // 1,980 × 0.342 = 677.16 → ￥677, not 342 × ￥1,980 = ￥677,160.
    expect(sale).toContain('  0.342 kg × ￥1,980/kg | ￥677');
    expect(sale).toContain('  0.253 kg × ￥1,980/kg | ￥500');
    expect(sale).toContain('  返品 0.100 kg');
    expect(sale).toContain('  0.100 kg × 牛肉 ※ | -￥198');
    const english = texts(buildReceiptDocument(receipt, en).blocks);
    expect(english).toContain('  Refunded: 0.100 kg');
    const back = texts(buildReturnReceiptDocument(receipt, 0, ja).blocks);
    expect(back).toContain('0.100 kg × 牛肉 ※ | ￥198');
  });
});
