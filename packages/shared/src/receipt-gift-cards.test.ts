import { describe, expect, it } from 'vitest';
import { DEFAULT_RECEIPT_TEMPLATE, PublicReceiptSchema } from './receipt.ts';
import { buildReceiptDocument } from './receipt-builder.ts';
import type { ReceiptBlock } from './receipt-document.ts';
import { formatBusinessDate } from './receipt-gift-cards.ts';
import { RECEIPT_LABELS } from './receipt-labels.ts';
import { toPublicReceipt, type ReceiptGiftCardDetails, type ReceiptStoreDetails } from './receipt-public.ts';
import type { ShopTransaction, TransactionLine } from './shop.ts';

/**
 * Gift cards on a receipt (product.md §5 "Gift cards and store credit"): a sold card prints its
 * code in full as a Code 128 barcode and a QR with 資金決済法's disclosures; a card tender prints
 * only its last four and the balance left; a card line is not taxable in the per-rate summary.
 */

const CARD = '4921773055813456';
const store: ReceiptStoreDetails = {
  name: '山田商店',
  address: '東京都千代田区1-1',
  phone: '03-1234-5678',
  timezone: 'Asia/Tokyo',
  mainCurrency: 'JPY',
};
const url = 'https://shop.example/receipt/0123456789AB';

function line(overrides: Partial<TransactionLine>): TransactionLine {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    productId: null,
    code: null,
    name: 'ギフトカード',
    unitPrice: 5000,
    quantity: 1,
    refundedQuantity: 0,
    lineDiscount: 0,
    cartDiscount: 0,
    net: 5000,
    tax: 0,
    taxRate: 0,
    total: 5000,
    unit: 'EACH',
    labelPrice: null,
    priceOverride: false,
    cataloguePrice: null,
    label: null,
    ...overrides,
  };
}

/** A yen sale (tax in the prices): green tea at 8% and a ¥5,000 gift card. */
function sale(overrides: Partial<ShopTransaction> = {}): ShopTransaction {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    code: '0123456789AB',
    clientId: '22222222-2222-4222-8222-222222222222',
    status: 'COMPLETED',
    soldAt: '2026-12-05T06:00:00.000Z',
    createdAt: '2026-12-05T06:00:00.000Z',
    updatedAt: '2026-12-05T06:00:00.000Z',
    completedAt: '2026-12-05T06:00:00.000Z',
    currency: 'JPY',
    secondCurrency: null,
    rate: null,
    taxMode: 'INCLUSIVE',
    lines: [
      line({
        id: '55555555-5555-4555-8555-555555555555',
        name: 'Green tea',
        code: 'SKU-1',
        unitPrice: 1080,
        net: 1000,
        tax: 80,
        taxRate: 800,
        total: 1080,
      }),
      line({ giftCardCode: CARD }),
    ],
    discount: null,
    gross: 6080,
    lineDiscounts: 0,
    cartDiscount: 0,
    taxes: [{ rate: 800, base: 1000, tax: 80 }],
    tax: 80,
    total: 6080,
    rounding: 0,
    due: 6080,
    payments: [
      {
        method: 'CASH',
        currency: 'JPY',
        amount: 10000,
        applied: 6080,
        change: 3920,
        changeInMain: 3920,
        changeCurrency: 'JPY',
      },
    ],
    changeInMain: 3920,
    refunds: [],
    refundedAmount: 0,
    note: '',
    ...overrides,
  };
}

const details: ReceiptGiftCardDetails = { usableAt: '', contact: '', expiresAt: { [CARD]: '2027-06-04' } };

const texts = (blocks: ReceiptBlock[]) =>
  blocks.flatMap((b) => (b.kind === 'text' ? [b.text] : b.kind === 'pair' ? [`${b.left} | ${b.right}`] : []));

describe('a receipt of a sale that sold a gift card', () => {
  it('carries the card code, its expiry and the disclosures in the public receipt', () => {
    const receipt = toPublicReceipt(sale(), store, DEFAULT_RECEIPT_TEMPLATE, null, details);
    expect(PublicReceiptSchema.parse(receipt)).toEqual(receipt);
    expect(receipt.lines[1]?.giftCard).toEqual({ code: CARD, expiresAt: '2027-06-04' });
    expect(receipt.lines[0]).not.toHaveProperty('giftCard');
    // The issuer is named and the contact falls back to the store's phone, whatever the template hides.
    const hidden = { ...DEFAULT_RECEIPT_TEMPLATE, showStoreName: false, showPhone: false };
    const plain = toPublicReceipt(sale(), store, hidden, null, details);
    expect(plain.store.name).toBeNull();
    expect(plain.giftCardTerms).toEqual({ issuer: '山田商店', usableAt: '', contact: '03-1234-5678' });
    const set = toPublicReceipt(sale(), store, hidden, null, {
      ...details,
      usableAt: '山田商店 全店',
      contact: 'info@yamada.example',
    });
    expect(set.giftCardTerms).toEqual({
      issuer: '山田商店',
      usableAt: '山田商店 全店',
      contact: 'info@yamada.example',
    });
    // A sale without a card carries none of it.
    const none = toPublicReceipt(sale({ lines: [sale().lines[0]!] }), store, DEFAULT_RECEIPT_TEMPLATE, null);
    expect(none).not.toHaveProperty('giftCardTerms');
  });

  it('prints the code as a Code 128 barcode and a QR, the amount, expiry and disclosures (Japanese)', () => {
    const receipt = toPublicReceipt(sale(), store, DEFAULT_RECEIPT_TEMPLATE, null, details);
    const doc = buildReceiptDocument(receipt, { labels: RECEIPT_LABELS.ja, locale: 'ja-JP', url });
    const at = doc.blocks.findIndex((b) => b.kind === 'barcode');
    expect(doc.blocks[at]).toEqual({ kind: 'barcode', data: CARD });
    expect(doc.blocks[at - 1]).toEqual({ kind: 'text', text: 'ギフトカード', align: 'center', bold: true });
    expect(doc.blocks[at + 1]).toEqual({ kind: 'text', text: '4921 7730 5581 3456', align: 'center', bold: true });
    expect(doc.blocks[at + 2]).toEqual({ kind: 'qr', data: CARD });
    expect(texts(doc.blocks.slice(at + 3))).toEqual(
      expect.arrayContaining([
        '金額 | ￥5,000',
        '有効期限 | 2027/06/04',
        '発行者 | 山田商店',
        '使用できる場所: 山田商店の店頭',
        'お問い合わせ先: 03-1234-5678',
        '残高の確認方法: 店頭でお尋ねください（03-1234-5678）',
      ]),
    );
    // The receipt's own QR still comes last, after the card's.
    expect(doc.blocks.filter((b) => b.kind === 'qr').map((b) => (b.kind === 'qr' ? b.data : ''))).toEqual([CARD, url]);
  });

  it('names the card line in the receipt language and lists it as not taxable beside the rates', () => {
    const receipt = toPublicReceipt(sale(), store, DEFAULT_RECEIPT_TEMPLATE, null, details);
    const en = texts(buildReceiptDocument(receipt, { labels: RECEIPT_LABELS.en, locale: 'en-US', url }).blocks);
    expect(en).toContain('Gift card');
    expect(en).not.toContain('ギフトカード');
    const taxable = en.indexOf('Taxable at 8% | ￥1,080');
    expect(taxable).toBeGreaterThan(-1);
    expect(en.slice(taxable, taxable + 3)).toEqual([
      'Taxable at 8% | ￥1,080',
      '  Incl. tax 8% | ￥80',
      'Not taxable | ￥5,000',
    ]);
    expect(en).toEqual(
      expect.arrayContaining([
        'Valid until | Jun 4, 2027',
        'Usable at: At 山田商店',
        'Balance enquiries: Ask at the counter, or contact 03-1234-5678',
      ]),
    );
    const exclusive = toPublicReceipt(
      sale({ taxMode: 'EXCLUSIVE' }),
      { ...store, mainCurrency: 'USD' },
      DEFAULT_RECEIPT_TEMPLATE,
      null,
      details,
    );
    const ex = texts(buildReceiptDocument(exclusive, { labels: RECEIPT_LABELS.en, locale: 'en-US', url }).blocks);
    expect(ex.indexOf('Not taxable | ￥5,000')).toBeLessThan(ex.findIndex((t) => t.startsWith('Total |')));
  });

  it('prints "No expiry" for a card that never expires, and a refunded card as void without its bars', () => {
    const open = toPublicReceipt(sale(), store, DEFAULT_RECEIPT_TEMPLATE, null, {
      ...details,
      expiresAt: { [CARD]: null },
    });
    const doc = buildReceiptDocument(open, { labels: RECEIPT_LABELS.en, locale: 'en-US', url });
    expect(texts(doc.blocks)).toContain('Valid until | No expiry');
    const refunded = sale({
      status: 'PARTIALLY_REFUNDED',
      lines: [sale().lines[0]!, line({ giftCardCode: CARD, refundedQuantity: 1 })],
    });
    const voided = buildReceiptDocument(toPublicReceipt(refunded, store, DEFAULT_RECEIPT_TEMPLATE, null, details), {
      labels: RECEIPT_LABELS.en,
      locale: 'en-US',
      url,
    });
    expect(voided.blocks.some((b) => b.kind === 'barcode')).toBe(false);
    expect(voided.blocks.filter((b) => b.kind === 'qr')).toHaveLength(1);
    expect(texts(voided.blocks)).toContain('VOID: refunded');
  });
});

describe('a receipt of a sale paid with a gift card or store credit', () => {
  const paid = (defaultName: 'GIFT_CARD' | 'STORE_CREDIT') =>
    sale({
      lines: [sale().lines[0]!],
      gross: 1080,
      total: 1080,
      due: 1080,
      taxes: [{ rate: 800, base: 1000, tax: 80 }],
      payments: [
        {
          method: 'STORED_VALUE',
          currency: 'JPY',
          amount: 1000,
          applied: 1000,
          change: 0,
          changeInMain: 0,
          changeCurrency: 'JPY',
          methodId: defaultName,
          methodName: null,
          methodDefaultName: defaultName,
          methodKind: 'VOUCHER',
          cardCode: CARD,
          cardBalance: 4000,
        },
        { method: 'CASH', currency: 'JPY', amount: 80, applied: 80, change: 0, changeInMain: 0, changeCurrency: 'JPY' },
      ],
    });

  it('shows the last four of a gift card and its balance, never the whole code', () => {
    const receipt = toPublicReceipt(paid('GIFT_CARD'), store, DEFAULT_RECEIPT_TEMPLATE, null);
    expect(receipt.payments[0]).toMatchObject({ maskedCardCode: '•••• 3456', cardBalance: 4000 });
    expect(JSON.stringify(receipt)).not.toContain(CARD);
    expect(receipt.payments[1]).not.toHaveProperty('maskedCardCode');
    const en = texts(buildReceiptDocument(receipt, { labels: RECEIPT_LABELS.en, locale: 'en-US', url }).blocks);
    expect(en).toEqual(
      expect.arrayContaining(['Gift card •••• 3456 | ￥1,000', '  Balance left | ￥4,000', 'Cash | ￥80']),
    );
    const ja = texts(buildReceiptDocument(receipt, { labels: RECEIPT_LABELS.ja, locale: 'ja-JP', url }).blocks);
    expect(ja).toEqual(expect.arrayContaining(['ギフトカード •••• 3456 | ￥1,000', '  ご利用後残高 | ￥4,000']));
  });

  it('names store credit without a code', () => {
    const receipt = toPublicReceipt(paid('STORE_CREDIT'), store, DEFAULT_RECEIPT_TEMPLATE, null);
    const en = texts(buildReceiptDocument(receipt, { labels: RECEIPT_LABELS.en, locale: 'en-US', url }).blocks);
    expect(en).toEqual(expect.arrayContaining(['Store credit | ￥1,000', '  Balance left | ￥4,000']));
  });
});

describe('formatBusinessDate', () => {
  it('writes the date itself, whatever the time zone', () => {
    expect(formatBusinessDate('2027-06-04', 'en-US')).toBe('Jun 4, 2027');
    expect(formatBusinessDate('2027-06-04', 'ja-JP')).toBe('2027/06/04');
    expect(formatBusinessDate('not a date', 'en-US')).toBe('not a date');
  });
});
